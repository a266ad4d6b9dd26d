/**
 * The responses the functions runtime itself gives (as opposed to a function's own), with the status
 * codes and bodies of the Supabase edge runtime, so clients see the same errors locally as when hosted.
 */

export function runtimeJson(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Hosted Supabase's answer for a function name that is not deployed. */
export function functionNotFound(): Response {
  return runtimeJson({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
}

/** The function's module failed to load (threw, or never called Deno.serve). */
export function bootError(): Response {
  return runtimeJson({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, 503);
}

/** The function's handler threw or returned something that is not a Response. */
export function workerError(): Response {
  return runtimeJson({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
}

/** The CLI's JWT-check refusal: `{"msg": ...}` with 401. */
export function unauthorized(msg: string): Response {
  return runtimeJson({ msg }, 401);
}
