/**
 * An HTTP request to the test stack's gateway from a chosen loopback address (127.0.0.0/8 all reaches the
 * machine), so a test can tell "the address the gateway saw" apart from anything a client claims in
 * X-Forwarded-For. Sends the anon key unless the caller's headers say otherwise; `port` reaches one part directly.
 */
import http from 'node:http';
import { stackEnv } from './stack-env.ts';

export interface AddressedAnswer {
  status: number;
  body: unknown;
}

export function requestFromAddress(
  localAddress: string,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; port?: number } = {},
): Promise<AddressedAnswer> {
  const env = stackEnv();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        // The gateway unless a test speaks to one part directly.
        port: options.port ?? Number(new URL(env.apiUrl).port),
        path,
        method: options.method ?? (payload ? 'POST' : 'GET'),
        localAddress,
        agent: false,
        headers: { apikey: env.anonKey, ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text as it came.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}
