/**
 * CORS for edge functions. The web app calls functions from another origin (its own dev server or static
 * host), so browsers send a preflight and need these headers on every response. The allowed headers are
 * the ones supabase-js sends to functions.
 */

export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
} as const;

/** The answer to a CORS preflight, or null when the request is not one. */
export function preflightResponse(req: Request): Response | null {
  if (req.method !== 'OPTIONS') return null;
  return new Response('ok', { headers: corsHeaders });
}
