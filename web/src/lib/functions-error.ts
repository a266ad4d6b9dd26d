/**
 * Turns what `supabase.functions.invoke` reports into the message the user sees. An HTTP error follows the
 * spec's convention (part 1, §8): the status code, a colon and a space, then the response body text, or the
 * status text when the body is empty. Network and relay failures say that the server could not be reached.
 */
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';

export async function describeFunctionsError(error: unknown): Promise<string> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = await readBodyText(response);
    return `${response.status}: ${body || response.statusText}`;
  }
  if (error instanceof FunctionsFetchError) {
    return `Could not reach the server (${causeMessage(error.context) ?? error.message}).`;
  }
  if (error instanceof FunctionsRelayError) {
    return `The server's relay could not reach the function (${error.message}).`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

async function readBodyText(response: Response): Promise<string> {
  try {
    return (await response.text()).trim();
  } catch {
    // Already consumed or unreadable: the status text is all there is.
    return '';
  }
}

function causeMessage(context: unknown): string | undefined {
  return context instanceof Error && context.message !== '' ? context.message : undefined;
}

export interface FunctionsErrorBody {
  /** The server's own message (`error` of its JSON body), or a description of the failure. */
  message: string;
  /** The list of problems a 400 'Validation failed' answer carries. */
  errors: string[];
}

/**
 * For calls whose failures the user should read in the server's words: the `error` (and `errors`) of the
 * JSON body the api function answers with; other failures are described as describeFunctionsError does.
 */
export async function readFunctionsErrorBody(error: unknown): Promise<FunctionsErrorBody> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const text = await readBodyText(response);
    try {
      const body = JSON.parse(text) as { error?: unknown; errors?: unknown };
      const errors = Array.isArray(body.errors) ? body.errors.filter((item): item is string => typeof item === 'string') : [];
      if (typeof body.error === 'string' && body.error !== '') return { message: body.error, errors };
    } catch {
      // Not JSON: fall through to the status line.
    }
    return { message: `${response.status}: ${text || response.statusText}`, errors: [] };
  }
  return { message: await describeFunctionsError(error), errors: [] };
}
