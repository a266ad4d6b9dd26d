/**
 * Sending a claim (edge-functions/api/claims/claims-routing.ts over claims-switch-http.ts) through a fetch double:
 * the claims processor first, then the enabled providers in priority order when failover is on (each with its own
 * credentials), retries within the failover threshold, the operation timeout for the whole transmission, an answer
 * (even an unreadable one) ending it, HTTP errors and refused connections moving on, and hosted addresses checked
 * before anything is sent. Time is moved by the double, not waited for.
 */
import { describe, expect, it } from 'vitest';
import { TRANSMISSION_SETTINGS_DEFAULTS, type TransmissionSettingsRead } from '../../shared/src/settings/transmission.ts';
import { plannedDestinations, transmissionSettingsOf, transmit } from '../../edge-functions/api/claims/claims-routing.ts';
import { bytesOf, latin1 } from '../../edge-functions/api/claims/claims-switch-http.ts';

const local = { hosted: false, resolve: async () => ['127.0.0.1'] };
const REQUEST = bytesOf('999001D0B1DEMOCOM   1011234567       20261129          \x1e\x1cAM04\x1cC2DEMO000123');
const RESPONSE = 'D0B11A011234567       20261129\x1e\x1cAM21\x1cANP';
const readable = (body: Uint8Array) => (latin1(body).startsWith('D0') ? null : 'Not a D.0 response');

function settings(changes: Partial<TransmissionSettingsRead> = {}): TransmissionSettingsRead {
  return transmissionSettingsOf({
    claimsProcessorUrl: 'http://switch.test/claims', enableAutomaticFailover: true, retryCount: 1, operationTimeoutSeconds: 60,
    failoverThresholdSeconds: 60, maxFailoverAttempts: 3,
    relayHealthConfig: { ...TRANSMISSION_SETTINGS_DEFAULTS.relayHealthConfig, enabled: true, serviceUrl: 'http://relay.test/d0', clientId: 'relay-id' },
    changeHealthConfig: { ...TRANSMISSION_SETTINGS_DEFAULTS.changeHealthConfig, enabled: true, serviceUrl: 'http://change.test/d0', memberId: 'member-1' },
    ...changes,
  });
}

type Behaviour = 'answer' | 'garbage' | 'refuse' | 'http500' | 'timeout';

/** A fetch double: each URL behaves as told; a timeout advances the clock by the request's whole budget. */
function switches(behaviour: Record<string, Behaviour>) {
  let clock = 0;
  const calls: { url: string; authorization: string | null; contentType: string | null; body: string }[] = [];
  const fetchDouble = async (url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url, authorization: headers.get('authorization'), contentType: headers.get('content-type'), body: latin1(init!.body as Uint8Array) });
    clock += 100;
    switch (behaviour[url] ?? 'refuse') {
      case 'answer': return new Response(bytesOf(RESPONSE), { status: 200 });
      case 'garbage': return new Response('<html>gateway</html>', { status: 200 });
      case 'http500': return new Response('busy', { status: 503 });
      case 'timeout': clock += 30_000; throw new DOMException('timed out', 'TimeoutError');
      case 'refuse': throw new TypeError('connection refused');
    }
  };
  return { calls, fetch: fetchDouble, now: () => clock };
}

describe('where a claim goes', () => {
  it('the claims processor first, then the enabled providers in priority order; the secrets become credentials', () => {
    const planned = plannedDestinations(settings(), { 'relayHealthConfig.clientSecret': 's3cret', 'changeHealthConfig.memberPassword': 'pw' });
    expect(planned.map((plan) => [plan.name, plan.url])).toEqual([
      ['claimsProcessor', 'http://switch.test/claims'], ['relayhealth', 'http://relay.test/d0'], ['changehealth', 'http://change.test/d0'],
    ]);
    expect(planned[1]!.authorization).toBe(`Basic ${btoa('relay-id:s3cret')}`);
    expect(planned[2]!.authorization).toBe(`Basic ${btoa('member-1:pw')}`);
    expect(plannedDestinations(settings({ enableAutomaticFailover: false }), {}).map((plan) => plan.name)).toEqual(['claimsProcessor']);
    expect(plannedDestinations(settings({ maxFailoverAttempts: 1 }), {}).map((plan) => plan.name)).toEqual(['claimsProcessor', 'relayhealth']);
    expect(plannedDestinations(settings({ claimsProcessorUrl: '', primaryProvider: 'changehealth', secondaryProvider: 'relayhealth' }), {})
      .map((plan) => plan.name)).toEqual(['changehealth', 'relayhealth']);
    expect(plannedDestinations(transmissionSettingsOf({}), {})).toEqual([]);
  });
});

describe('sending one transmission', () => {
  it('posts the D.0 bytes as application/octet-stream and stops at the answer', async () => {
    const double = switches({ 'http://switch.test/claims': 'answer' });
    const result = await transmit(REQUEST, settings(), {}, readable, { outbound: local, fetch: double.fetch, now: double.now });
    expect(double.calls).toEqual([{ url: 'http://switch.test/claims', authorization: null, contentType: 'application/octet-stream', body: latin1(REQUEST) }]);
    expect(result.attempts).toMatchObject([{ destination: 'claimsProcessor', outcome: 'answered', httpStatus: 200, response: RESPONSE }]);
    expect(latin1(result.answer!)).toBe(RESPONSE);
  });

  it('retries a refused connection, then fails over to the next provider, which answers', async () => {
    const double = switches({ 'http://switch.test/claims': 'refuse', 'http://relay.test/d0': 'http500', 'http://change.test/d0': 'answer' });
    const result = await transmit(REQUEST, settings(), {}, readable, { outbound: local, fetch: double.fetch, now: double.now });
    expect(result.attempts.map((attempt) => [attempt.destination, attempt.outcome])).toEqual([
      ['claimsProcessor', 'unreachable'], ['claimsProcessor', 'unreachable'],
      ['relayhealth', 'http_error'], ['relayhealth', 'http_error'],
      ['changehealth', 'answered'],
    ]);
    expect(result.attempts[2]!.detail).toBe('The switch answered HTTP 503');
    expect(result.answer).not.toBeNull();
  });

  it('an answer that is not D.0 ends the transmission: the switch may have the claim', async () => {
    const double = switches({ 'http://switch.test/claims': 'garbage', 'http://relay.test/d0': 'answer' });
    const result = await transmit(REQUEST, settings(), {}, readable, { outbound: local, fetch: double.fetch, now: double.now });
    expect(result.attempts).toMatchObject([{ outcome: 'unreadable', detail: 'Not a D.0 response', response: '<html>gateway</html>' }]);
    expect(result.answer).toBeNull();
  });

  it('a timeout past the failover threshold goes to the next destination without retrying', async () => {
    const double = switches({ 'http://switch.test/claims': 'timeout', 'http://relay.test/d0': 'answer' });
    const result = await transmit(REQUEST, settings({ failoverThresholdSeconds: 10 }), {}, readable, { outbound: local, fetch: double.fetch, now: double.now });
    expect(result.attempts.map((attempt) => [attempt.destination, attempt.outcome])).toEqual([['claimsProcessor', 'timeout'], ['relayhealth', 'answered']]);
  });

  it('the operation timeout bounds the whole transmission', async () => {
    const double = switches({ 'http://switch.test/claims': 'timeout', 'http://relay.test/d0': 'timeout', 'http://change.test/d0': 'answer' });
    const result = await transmit(REQUEST, settings({ operationTimeoutSeconds: 45, retryCount: 5 }), {}, readable, { outbound: local, fetch: double.fetch, now: double.now });
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['timeout', 'timeout']);
    expect(result.answer).toBeNull();
  });

  it('nothing configured, or an address hosted may not call: an unreachable attempt saying why, nothing sent', async () => {
    const double = switches({});
    const none = await transmit(REQUEST, transmissionSettingsOf({}), {}, readable, { outbound: local, fetch: double.fetch });
    expect(none.attempts).toMatchObject([{ outcome: 'unreachable', detail: 'No claims switch is configured: set the claims processor URL (or enable a provider) in System Settings → Transmission' }]);
    const hosted = { hosted: true, resolve: async () => ['10.0.0.8'] };
    const refused = await transmit(REQUEST, settings({ enableAutomaticFailover: false, claimsProcessorUrl: 'https://switch.internal/claims' }), {}, readable,
      { outbound: hosted, fetch: double.fetch });
    expect(refused.attempts).toMatchObject([{ outcome: 'unreachable',
      detail: 'Claims processor: switch.internal is a private, loopback or reserved address (10.0.0.8): only public addresses can be called' }]);
    expect(double.calls).toEqual([]);
  });
});
