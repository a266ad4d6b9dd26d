/**
 * The policy of sending a claim (spec part 2 §3 Transmission settings, §9 defaults; the architecture brief's
 * `POST {claimsProcessorUrl}`): where a D.0 transmission goes first, how often it is tried, and where it fails over.
 *   1. The claims processor (`claimsProcessorUrl`, connection timeout), when set.
 *   2. With automatic failover on: the enabled switching providers in the order primary, secondary, tertiary (each
 *      its own service URL, timeout and credentials), at most `maxFailoverAttempts` of them after the first
 *      destination. Without a claims processor URL the first enabled provider is the first destination.
 * Each destination is tried once and then again up to `retryCount` times while it has failed for less than
 * `failoverThresholdSeconds`; every attempt fits in `operationTimeoutSeconds` for the whole transmission. An answer
 * (even a reject, even one we cannot read) ends it: the switch has the transaction. A timeout, a refused connection
 * or an HTTP error moves on. Addresses are checked (hosted: https and public only) before anything is sent.
 */
import {
  TRANSMISSION_PROVIDER_LABELS, TRANSMISSION_SETTINGS_DEFAULTS, type TransmissionProvider, type TransmissionSettingsRead,
} from '@pharmacy/shared/settings/transmission.ts';
import { checkOutboundUrl, type OutboundPolicy, OutboundUrlError } from '../../_shared/outbound-url.ts';
import { type FetchLike, latin1, postTransmission, type SwitchAttempt, type SwitchDestination } from './claims-switch-http.ts';

export const NO_SWITCH_CONFIGURED =
  'No claims switch is configured: set the claims processor URL (or enable a provider) in System Settings → Transmission';

/** The stored Transmission values over the §9 defaults (what begin_claim_transaction answers holds only what was saved). */
export function transmissionSettingsOf(stored: unknown): TransmissionSettingsRead {
  const values = (stored && typeof stored === 'object' ? stored : {}) as Partial<TransmissionSettingsRead>;
  const merged = { ...TRANSMISSION_SETTINGS_DEFAULTS, ...values };
  return {
    ...merged,
    relayHealthConfig: { ...TRANSMISSION_SETTINGS_DEFAULTS.relayHealthConfig, ...values.relayHealthConfig },
    changeHealthConfig: { ...TRANSMISSION_SETTINGS_DEFAULTS.changeHealthConfig, ...values.changeHealthConfig },
    rxlincConfig: { ...TRANSMISSION_SETTINGS_DEFAULTS.rxlincConfig, ...values.rxlincConfig },
  };
}

function basic(id: string, secret: string | undefined): string | undefined {
  if (!id || !secret) return undefined;
  return `Basic ${btoa(`${id}:${secret}`)}`;
}

export interface PlannedDestination {
  name: string;
  label: string;
  url: string;
  timeoutSeconds: number;
  authorization?: string;
}

function providerDestination(
  provider: TransmissionProvider, settings: TransmissionSettingsRead, secrets: Readonly<Record<string, string>>,
): PlannedDestination | null {
  const label = TRANSMISSION_PROVIDER_LABELS[provider];
  switch (provider) {
    case 'relayhealth': {
      const config = settings.relayHealthConfig;
      return config.enabled && config.serviceUrl ? { name: provider, label, url: config.serviceUrl, timeoutSeconds: config.timeout,
        authorization: basic(config.clientId, secrets['relayHealthConfig.clientSecret']) } : null;
    }
    case 'changehealth': {
      const config = settings.changeHealthConfig;
      return config.enabled && config.serviceUrl ? { name: provider, label, url: config.serviceUrl, timeoutSeconds: config.timeout,
        authorization: basic(config.memberId, secrets['changeHealthConfig.memberPassword']) } : null;
    }
    case 'rxlinc': {
      const config = settings.rxlincConfig;
      const key = secrets['rxlincConfig.apiKey'];
      return config.enabled && config.serviceUrl ? { name: provider, label, url: config.serviceUrl, timeoutSeconds: config.timeout,
        authorization: key ? `Bearer ${key}` : undefined } : null;
    }
  }
}

/** The destinations in the order they are tried (unchecked addresses); empty when nothing is configured. */
export function plannedDestinations(settings: TransmissionSettingsRead, secrets: Readonly<Record<string, string>>): PlannedDestination[] {
  const planned: PlannedDestination[] = [];
  if (settings.claimsProcessorUrl) {
    planned.push({ name: 'claimsProcessor', label: 'Claims processor', url: settings.claimsProcessorUrl, timeoutSeconds: settings.connectionTimeout });
  }
  const providers = [settings.primaryProvider, settings.secondaryProvider, settings.tertiaryProvider]
    .map((provider) => providerDestination(provider, settings, secrets))
    .filter((destination): destination is PlannedDestination => destination !== null);
  if (planned.length === 0) {
    const first = providers.shift();
    if (first) planned.push(first);
  }
  if (settings.enableAutomaticFailover) planned.push(...providers.slice(0, settings.maxFailoverAttempts));
  return planned;
}

export interface TransmitOptions {
  outbound: OutboundPolicy;
  fetch?: FetchLike;
  /** Milliseconds since an epoch; tests move time. */
  now?: () => number;
}

export interface TransmitResult {
  attempts: SwitchAttempt[];
  /** The body of the answer that ended it (answered), else null. */
  answer: Uint8Array | null;
}

/**
 * Sends one transmission by the policy above. `readable` is the codec's check of an answer (null when it is a D.0
 * response, else why not). At least one attempt is always recorded: a destination refused by the address check is
 * an 'unreachable' attempt naming why.
 */
export async function transmit(
  transmission: Uint8Array<ArrayBuffer>,
  settings: TransmissionSettingsRead,
  secrets: Readonly<Record<string, string>>,
  readable: (body: Uint8Array) => string | null,
  options: TransmitOptions,
): Promise<TransmitResult> {
  const now = options.now ?? Date.now;
  const planned = plannedDestinations(settings, secrets);
  const attempts: SwitchAttempt[] = [];
  const request = latin1(transmission);
  if (planned.length === 0) {
    attempts.push({ destination: 'none', url: '', request, outcome: 'unreachable', detail: NO_SWITCH_CONFIGURED, durationMs: 0 });
    return { attempts, answer: null };
  }
  const deadline = now() + settings.operationTimeoutSeconds * 1000;
  for (const plan of planned) {
    let url: URL;
    try {
      url = await checkOutboundUrl(plan.url, options.outbound);
    } catch (error) {
      const detail = error instanceof OutboundUrlError ? error.message : String(error);
      attempts.push({ destination: plan.name, url: plan.url.slice(0, 600), request, outcome: 'unreachable', detail: `${plan.label}: ${detail}`, durationMs: 0 });
      continue;
    }
    const destinationStarted = now();
    for (let tryNumber = 0; tryNumber <= settings.retryCount; tryNumber += 1) {
      const left = deadline - now();
      if (left <= 0) return { attempts, answer: null };
      const destination: SwitchDestination = {
        name: plan.name, url, timeoutMs: Math.min(plan.timeoutSeconds * 1000, left),
        ...(plan.authorization ? { authorization: plan.authorization } : {}),
      };
      let body: Uint8Array | null = null;
      const attempt = await postTransmission(destination, transmission, (bytes) => {
        body = bytes;
        return readable(bytes);
      }, options.fetch);
      attempts.push(attempt);
      if (attempt.outcome === 'answered' || attempt.outcome === 'unreadable') {
        return { attempts, answer: attempt.outcome === 'answered' ? body : null };
      }
      if (now() - destinationStarted >= settings.failoverThresholdSeconds * 1000) break;
    }
  }
  return { attempts, answer: null };
}

/** One attempt to one planned destination (Test Transmission Connection: each switch on its own, no retry). */
export async function transmitOnce(
  transmission: Uint8Array<ArrayBuffer>, plan: PlannedDestination, readable: (body: Uint8Array) => string | null, options: TransmitOptions,
): Promise<TransmitResult> {
  let url: URL;
  try {
    url = await checkOutboundUrl(plan.url, options.outbound);
  } catch (error) {
    const detail = error instanceof OutboundUrlError ? error.message : String(error);
    return { attempts: [{ destination: plan.name, url: plan.url.slice(0, 600), request: latin1(transmission), outcome: 'unreachable', detail: `${plan.label}: ${detail}`, durationMs: 0 }], answer: null };
  }
  let body: Uint8Array | null = null;
  const attempt = await postTransmission(
    { name: plan.name, url, timeoutMs: plan.timeoutSeconds * 1000, ...(plan.authorization ? { authorization: plan.authorization } : {}) },
    transmission, (bytes) => { body = bytes; return readable(bytes); }, options.fetch,
  );
  return { attempts: [attempt], answer: attempt.outcome === 'answered' ? body : null };
}
