/**
 * The /api contract against the running `api` function, driven from the contract objects
 * (shared/src/api/<area>.ts): every endpoint is served at its path and method (another method is 405, an
 * unknown path 404), a 'signed-in' endpoint refuses the anon key with 401, a POST refuses a body that is not a
 * JSON object and a body its request schema refuses with 400 and the schema's own messages — every error in
 * the one error shape — and the web's typed invoker (web/src/lib/api-invoker.ts) reads answers and errors.
 * (That the function serves nothing outside the contract: tests/unit/api-contract.test.ts.)
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, parseWithSchema } from '../../shared/src/api/endpoint.ts';
import { healthEndpoint } from '../../shared/src/api/health.ts';
import { generateLabelEndpoint } from '../../shared/src/api/labels.ts';
import { TEST_PRINT_STAFF_ONLY_MESSAGE } from '../../shared/src/labels/test-print.ts';
import { SETTINGS_READ_REFUSED_MESSAGE } from '../../shared/src/api/system-settings.ts';
import { SETTINGS_GROUP_KEYS } from '../../shared/src/settings/groups.ts';
import { AUDIT_LOG_ADMIN_ONLY_MESSAGE } from '../../shared/src/security/audit-log.ts';
import { MESSAGING_MESSAGES } from '../../shared/src/messaging/email-and-fax.ts';
import { EXTERNAL_SEARCH_MESSAGES } from '../../shared/src/drugs/external-drug.ts';
import { PRICING_MESSAGES } from '../../shared/src/drugs/pricing.ts';
import { STAFF_ACCOUNT_MESSAGES } from '../../shared/src/staff/staff-user.ts';
import { PRINT_REQUEST_MESSAGE } from '../../shared/src/labels/print-request.ts';
import { MIGRATION_API_MESSAGES } from '../../shared/src/api/migration.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createApiInvoker } from '../../web/src/lib/api-invoker.ts';
import { contractEndpoints, type NamedEndpoint } from '../support/api-contract.ts';
import { closeSql, createTestClient, signedInClient } from '../support/stack-env.ts';

afterAll(closeSql);

const endpoints = await contractEndpoints();
let signedIn: { client: SupabaseClient; email: string };

beforeAll(async () => {
  const { client, user } = await signedInClient('contract');
  signedIn = { client, email: user.email };
});

interface Answer {
  status: number;
  body: unknown;
}

/** A raw call (no contract on the client side), so the server's own answer is what the test sees. */
async function call(client: SupabaseClient, method: string, path: string, body?: unknown): Promise<Answer> {
  const { data, error, response } = await client.functions.invoke<unknown>(path.slice(1), {
    method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
  });
  if (!error) return { status: response!.status, body: data };
  const failed = (error as { context?: Response }).context;
  if (!(failed instanceof Response)) throw error;
  return { status: failed.status, body: await failed.json() };
}

function errorBody(answer: Answer) {
  const parsed = parseWithSchema(apiErrorSchema, answer.body);
  expect(parsed.success, `an error body in the contract's shape: ${JSON.stringify(answer.body)}`).toBe(true);
  return parsed.success ? parsed.data : null;
}

const callerOf = ({ endpoint }: NamedEndpoint) => (endpoint.access === 'signed-in' ? signedIn.client : createTestClient());
/** The endpoints that take a JSON body (POST and PUT); a multipart upload is checked on its own. */
const posts = endpoints.filter(({ endpoint }) => endpoint.request !== null && endpoint.requestFormat !== 'multipart');
const uploads = endpoints.filter(({ endpoint }) => endpoint.requestFormat === 'multipart');
/** A path with its parameters' names left out: GET /x/:prescriptionId and PUT /x/:id are one route. */
const routeOf = (path: string) => path.replace(/:\w+/g, ':');
const gets = endpoints.filter(({ endpoint }) => endpoint.method === 'GET');
/** What the admin-only GETs answer a signed-in user who is nobody's admin. */
const ADMIN_ONLY_MESSAGES: Record<string, string> = {
  'audit-logs.listAuditLogsEndpoint': AUDIT_LOG_ADMIN_ONLY_MESSAGE,
  // Not admin-only, but staff-only: a user of no pharmacy has no printing settings to test.
  'labels.testPrintLabelsEndpoint': TEST_PRINT_STAFF_ONLY_MESSAGE,
  'users.listUsersEndpoint': STAFF_ACCOUNT_MESSAGES.adminOnly,
  // External drug data is for staff of a pharmacy.
  'drugs.externalDrugEndpoint': EXTERNAL_SEARCH_MESSAGES.staffOnly,
  'drugs.drugProvidersEndpoint': EXTERNAL_SEARCH_MESSAGES.staffOnly,
  'drug-pricing.priceScheduleEndpoint': PRICING_MESSAGES.scheduleStaffOnly,
  // Settings belong to a pharmacy: someone who is staff of none reads no group, not even its defaults.
  ...Object.fromEntries(SETTINGS_GROUP_KEYS.map((key) => [`system-settings.SETTINGS_ENDPOINTS.${key}.get`, SETTINGS_READ_REFUSED_MESSAGE])),
  'messaging.listEmailQueueEndpoint': MESSAGING_MESSAGES.adminOnly,
  'messaging.listFaxQueueEndpoint': MESSAGING_MESSAGES.adminOnly,
  // Claims belong to a pharmacy: the switches, the reconciliation and the reports are its staff's.
  'claims.providerStatusEndpoint': 'Only staff of the pharmacy can test the claims connection',
  'claims.reconciliationEndpoint': 'Only staff of the pharmacy can reconcile remittances',
  // Data migration is an admin's.
  'migration.migrationReportEndpoint': MIGRATION_API_MESSAGES.reportAdminOnly,
};

describe('every endpoint of the contract', () => {
  it.each(endpoints.map((named) => [named.name, named] as const))('%s is served at its path, and only with its method', async (_name, { endpoint }) => {
    // A method the contract serves at no endpoint of this path (GET and POST /api/users share one).
    const served = endpoints.filter((named) => routeOf(named.endpoint.path) === routeOf(endpoint.path)).map((named) => named.endpoint.method);
    const other = (['GET', 'POST', 'PUT', 'DELETE'] as const).find((method) => !served.includes(method))!;
    const answer = await call(createTestClient(), other, endpoint.path, other === 'GET' ? undefined : {});
    expect(answer.status).toBe(405);
    expect(errorBody(answer)?.error).toBe('Method not allowed');
  });

  it('nothing else is: an unknown path is 404', async () => {
    const answer = await call(createTestClient(), 'GET', '/api/no-such-endpoint');
    expect(answer).toEqual({ status: 404, body: { error: 'Not found' } });
  });

  it.each(endpoints.filter(({ endpoint }) => endpoint.access === 'signed-in').map((named) => [named.name, named] as const))(
    '%s refuses a caller who is not signed in: 401 Unauthorized',
    async (_name, { endpoint }) => {
      const answer = await call(createTestClient(), endpoint.method, endpoint.path, endpoint.request === null ? undefined : {});
      expect(answer).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    },
  );
});

describe('POST and PUT bodies are checked with the request schema', () => {
  it.each(posts.map((named) => [named.name, named] as const))('%s refuses a body that is not a JSON object: 400', async (_name, named) => {
    const answer = await call(callerOf(named), named.endpoint.method, named.endpoint.path, ['not', 'an', 'object']);
    expect(answer).toEqual({ status: 400, body: { error: 'Request body must be a JSON object' } });
  });

  const refusingEmpty = posts.filter(({ endpoint }) => !parseWithSchema(endpoint.request!, {}).success);
  it('every POST and PUT but the onboarding verdict, Update All Pricing, verifying a prescriber, a refill, processing a file and correcting one, the wholesale actions, the claims connection test and the daily reversal has a schema that refuses an empty body', () => {
    // Update All Pricing sends no ndcNumbers: every active medication of the caller's pharmacy. Verifying a prescriber
    // and processing a prescription file take an empty body (spec §7). A refill's only field is the optional too-soon
    // reason. A file's PUT changes what it names (nothing named: nothing changes). Submitting an order, Test
    // Connection, Sync Now and the scheduled sync name everything in their path. Testing the claims switches and the
    // daily reversal take nothing: the pharmacy's settings and the due claims are the database's.
    expect(posts.filter((named) => !refusingEmpty.includes(named)).map(({ endpoint }) => endpoint.path).sort())
      .toEqual(['/api/claims/test-providers', '/api/drugs/pricing-update', '/api/internal/claims/reverse-due', '/api/internal/wholesalers/sync-due',
        '/api/inventory/orders/:id/submit', '/api/onboarding/validate',
        '/api/prescribers/:id/verify', '/api/prescription-files/:id', '/api/prescription-files/:id/process', '/api/prescriptions/:id/refill',
        '/api/wholesalers/:id/sync', '/api/wholesalers/:id/test']);
  });

  it('only endpoints whose schema takes {} may be called without a body', () => {
    const optional = posts.filter(({ endpoint }) => endpoint.bodyOptional === true);
    expect(optional.map(({ endpoint }) => endpoint.path).sort())
      .toEqual(['/api/claims/test-providers', '/api/internal/claims/reverse-due', '/api/internal/wholesalers/sync-due',
        '/api/inventory/orders/:id/submit', '/api/prescribers/:id/verify',
        '/api/prescription-files/:id/process', '/api/prescriptions/:id/refill', '/api/wholesalers/:id/sync', '/api/wholesalers/:id/test']);
    for (const { endpoint } of optional) expect(parseWithSchema(endpoint.request!, {}).success).toBe(true);
  });

  it.each(refusingEmpty.map((named) => [named.name, named] as const))("%s answers an empty body 400 with the schema's messages", async (_name, named) => {
    const expected = parseWithSchema(named.endpoint.request!, {});
    const answer = await call(callerOf(named), named.endpoint.method, named.endpoint.path, {});
    expect(answer.status).toBe(400);
    // The messages, and each with its field's path (details.fields).
    expect(errorBody(answer)).toEqual(expected.success ? { error: 'Validation failed', errors: [] } : { error: 'Validation failed', errors: expected.messages, details: { fields: expected.fields } });
  });
});

describe('multipart uploads', () => {
  it.each(uploads.map((named) => [named.name, named] as const))('%s refuses a JSON body: 400', async (_name, named) => {
    const answer = await call(callerOf(named), named.endpoint.method, named.endpoint.path, { file: 'not a file' });
    expect(answer).toEqual({ status: 400, body: { error: 'Request body must be multipart/form-data' } });
  });
});

/** The 404 of a GET whose path names a record (called here with ':id' itself). */
const NOT_FOUND_MESSAGES: Record<string, string> = {
  'prescribers.getPrescriberEndpoint': 'Prescriber not found',
  'prescription-files.prescriptionFilesOfPrescriptionEndpoint': 'Prescription not found',
  'claims.getFillBillingEndpoint': 'Prescription not found',
  'claims.billingReportEndpoint': 'Unknown report :report',
};

describe('GET answers follow the response schema or the error shape', () => {
  it.each(gets.map((named) => [named.name, named] as const))('%s', async (_name, named) => {
    const answer = await call(callerOf(named), 'GET', named.endpoint.path);
    const emptyQuery = named.endpoint.query === undefined ? null : parseWithSchema(named.endpoint.query, {});
    if (emptyQuery && !emptyQuery.success) {
      // A GET whose query schema needs a parameter refuses none with the schema's messages, before anything else.
      expect(answer.status).toBe(400);
      expect(errorBody(answer)).toEqual({ error: 'Validation failed', errors: emptyQuery.messages, details: { fields: emptyQuery.fields } });
    } else if (answer.status === 200) {
      expect(parseWithSchema(named.endpoint.response, answer.body)).toMatchObject({ success: true });
    } else if (answer.status === 403) {
      // A signed-in user without a pharmacy is nobody's admin (nor staff): admin (staff) data is refused, in the error shape.
      expect(errorBody(answer)?.error).toBe(ADMIN_ONLY_MESSAGES[named.name]);
    } else {
      // A signed-in user without a pharmacy has no subscription, and ':id' names no prescriber: the endpoint's own 404,
      // not an unknown route.
      expect(answer.status).toBe(404);
      expect(errorBody(answer)?.error).toBe(NOT_FOUND_MESSAGES[named.name] ?? 'No subscription found');
    }
  });
});

describe("the web's typed invoker", () => {
  it('answers the parsed success body with the caller\'s session', async () => {
    const health = await createApiInvoker(signedIn.client)(healthEndpoint);
    expect(health).toMatchObject({ status: 'ok', service: 'api', user: { email: signedIn.email } });
  });

  it("turns an error body into an ApiError with the status, the server's message and its problems", async () => {
    const failure = await createApiInvoker(signedIn.client)(generateLabelEndpoint, { prescriptionId: 'nope' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'Validation failed', errors: [PRINT_REQUEST_MESSAGE] });
  });
});
