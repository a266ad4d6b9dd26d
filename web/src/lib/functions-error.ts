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
