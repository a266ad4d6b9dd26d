/**
 * THE way the web app calls the `api` edge function: `invokeApi(endpoint, body)` with an endpoint of the shared
 * contract (shared/src/api/<area>.ts), sent with the signed-in user's session of the one supabase client; the
 * answer is parsed with the endpoint's response schema and a failure is an ApiError carrying the server's
 * message (api-invoker.ts, api-error.ts). An upload endpoint (multipart) goes through `invokeMultipartApi(endpoint, form)`, a file download (a report) through
 * `downloadApiFile(endpoint, params, query, { onProgress })`.
 */
import { createApiFileDownloader, createApiInvoker, createMultipartApiInvoker } from './api-invoker.ts';
import { supabase, supabaseAnonKey, supabaseUrl } from './supabase.ts';

export const invokeApi = createApiInvoker(supabase);

export const invokeMultipartApi = createMultipartApiInvoker(supabase);

export const downloadApiFile = createApiFileDownloader({
  functionsUrl: `${supabaseUrl}/functions/v1`,
  apikey: supabaseAnonKey,
  accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
});
