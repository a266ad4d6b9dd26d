/**
 * The /api contract (shared/src/api/<area>.ts): each endpoint's request schema takes the documented body and
 * refuses a bad one with the spec's message; the response schemas take what the api answers; the api
 * function serves exactly the contract's endpoints, only through ApiRouter; the web calls the api only
 * through invokeApi; and a failed call becomes an ApiError carrying the server's message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { onboardEndpoint } from '../../shared/src/api/auth.ts';
import { listAuditLogsEndpoint } from '../../shared/src/api/audit-logs.ts';
import { type AnySchema, apiErrorSchema, apiPath, apiQueryString, hasPathParams, parseWithSchema } from '../../shared/src/api/endpoint.ts';
import { healthEndpoint } from '../../shared/src/api/health.ts';
import { checkInteractionsEndpoint } from '../../shared/src/api/interactions.ts';
import { generateLabelEndpoint, generateReceiptEndpoint } from '../../shared/src/api/labels.ts';
import { completeOnboardingEndpoint, ONBOARDING_NEXT_STEPS, validateOnboardingEndpoint } from '../../shared/src/api/onboarding.ts';
import { createPrescriptionEndpoint, refillPrescriptionEndpoint } from '../../shared/src/api/prescriptions.ts';
import { REFILL_MESSAGES, REFILL_REASON_MAX_LENGTH } from '../../shared/src/prescriptions/refills.ts';
import { listSecurityPoliciesEndpoint, updateSecurityPolicyEndpoint } from '../../shared/src/api/security-policies.ts';
import { currentSubscriptionEndpoint, listPlansEndpoint } from '../../shared/src/api/subscription.ts';
import {
  inviteUserEndpoint, listUsersEndpoint, resetUserPasswordEndpoint, toggleUserStatusEndpoint, unlockUserEndpoint,
} from '../../shared/src/api/users.ts';
import { STAFF_USER_MESSAGES } from '../../shared/src/staff/staff-user.ts';
import { SECURITY_POLICY_MESSAGES } from '../../shared/src/security/policy.ts';
import { AUDIT_LOG_MESSAGES, AUDIT_LOG_PAGE_SIZE } from '../../shared/src/security/audit-log.ts';
import { PRINT_REQUEST_MESSAGE } from '../../shared/src/labels/print-request.ts';
import { PRESCRIPTION_MESSAGES } from '../../shared/src/prescriptions/prescription.ts';
import { importRemittanceEndpoint } from '../../shared/src/api/claims.ts';
import { ApiError, apiErrorFromFunctionsError } from '../../web/src/lib/api-error.ts';
import { type ApiInvoker, createApiInvoker, createMultipartApiInvoker, type FunctionsCaller } from '../../web/src/lib/api-invoker.ts';
import { contractEndpoints } from '../support/api-contract.ts';
import { tabbedPayload, wizardPayload } from '../support/onboarding-payloads.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const RX_ID = '0b6f3c52-6a1e-4c1f-9a77-2f1c1a9e3d10';
const MEDICATION_ID = '5d2e8f41-3b7c-4e0a-8f3d-91c2b4a6e7f8';

function messages(schema: AnySchema | null, body: unknown): string[] {
  if (schema === null) throw new Error('the endpoint takes no body');
  const result = parseWithSchema(schema, body);
  return result.success ? [] : result.messages;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const policySettings = {
  overrideAuthority: 'dual_approval',
  aiRiskAssessment: 'advisory',
  require2faForAdmins: true,
  stepUpForHighRiskOverrides: false,
  logAllOverrideAttempts: true,
  sessionTimeoutMinutes: 30,
  maxFailedLogins: 3,
} as const;

/** A fill as the api answers it (prescriptionSchema). */
const prescription = {
  id: RX_ID, pharmacyId: RX_ID, rxNumber: 1001, status: 'pending', prescriptionType: 'written', source: 'manual_entry',
  patientId: RX_ID, prescriberId: null, prescriberName: null, medicationId: MEDICATION_ID, directions: 'Take 1 daily',
  quantity: 30, refills: 2, refillsUsed: 0, daysSupply: 30, originalDate: null, faxNumber: null, verificationNotes: null,
  callerInfo: null, callbackNumber: null, urgencyLevel: null, dateFilled: null,
  aiFlags: { hasInteractions: false, interactions: [], recommendedActions: [] }, overrideReason: null, overriddenBy: null,
  overriddenAt: null, enteredBy: RX_ID, enteredAt: '2026-11-28T00:00:00Z', processedBy: null, processedAt: null,
  verifiedBy: null, verifiedAt: null, completedBy: null, completedAt: null, createdAt: '2026-11-28T00:00:00Z',
  updatedAt: '2026-11-28T00:00:00Z', prescriptionFileId: null,
};

const plan = {
  id: 'flat-monthly',
  name: 'Pharmacy Management',
  description: 'Everything',
  price: 150,
  currency: 'USD',
  billingCycle: 'monthly',
  trialDays: 30,
  features: { maxUsers: -1, maxPrescriptions: -1 },
};

describe('the request schemas', () => {
  it('take the documented bodies', () => {
    expect(messages(onboardEndpoint.request, wizardPayload())).toEqual([]);
    expect(messages(completeOnboardingEndpoint.request, tabbedPayload())).toEqual([]);
    expect(messages(validateOnboardingEndpoint.request, { pharmacyName: '' })).toEqual([]); // the server judges the form itself
    expect(messages(checkInteractionsEndpoint.request, { medications: ['Warfarin 5mg'], allergies: ['Penicillin'] })).toEqual([]);
    expect(messages(generateLabelEndpoint.request, { prescriptionId: RX_ID })).toEqual([]);
    expect(messages(generateReceiptEndpoint.request, { prescriptionId: RX_ID })).toEqual([]);
    expect(
      messages(createPrescriptionEndpoint.request, {
        prescriptionType: 'written', patientId: RX_ID, medicationId: MEDICATION_ID, directions: 'Take 1 tablet daily', quantity: '30', refills: '2', daysSupply: '30',
      }),
    ).toEqual([]);
  });

  it("refuse bad bodies with the spec's messages", () => {
    expect(messages(onboardEndpoint.request, wizardPayload({ pharmacyName: ' ' }))).toEqual(['Pharmacy name is required']);
    expect(messages(completeOnboardingEndpoint.request, tabbedPayload({ deaNumber: 'nope' }))).toEqual(['Invalid DEA number format']);
    expect(messages(checkInteractionsEndpoint.request, { medications: [] })).toEqual(['At least one medication is required']);
    expect(messages(generateLabelEndpoint.request, { prescriptionId: 'nope' })).toEqual([PRINT_REQUEST_MESSAGE]);
    expect(messages(generateReceiptEndpoint.request, {})).toEqual([PRINT_REQUEST_MESSAGE]);
    expect(messages(createPrescriptionEndpoint.request, { prescriptionType: 'written', medicationId: MEDICATION_ID, directions: 'Daily', quantity: '30' })).toEqual([
      PRESCRIPTION_MESSAGES.patient,
    ]);
    expect(messages(validateOnboardingEndpoint.request, ['not', 'an', 'object'])).not.toEqual([]);
  });

  it('take a refill with or without a too-soon reason, and refuse a blank or too long one', () => {
    expect(refillPrescriptionEndpoint.bodyOptional).toBe(true);
    expect(messages(refillPrescriptionEndpoint.request, {})).toEqual([]);
    expect(messages(refillPrescriptionEndpoint.request, { tooSoonReason: 'Going on vacation' })).toEqual([]);
    expect(messages(refillPrescriptionEndpoint.request, { tooSoonReason: ' ' })).toEqual([REFILL_MESSAGES.tooSoonReason]);
    expect(messages(refillPrescriptionEndpoint.request, { tooSoonReason: 'x'.repeat(REFILL_REASON_MAX_LENGTH + 1) })).toEqual([REFILL_MESSAGES.reasonTooLong]);
    // No other endpoint may be called without a body.
    expect(createPrescriptionEndpoint.bodyOptional).toBeUndefined();
  });

  it("take a security policy and refuse each bad field with the policy's message", () => {
    expect(messages(updateSecurityPolicyEndpoint.request, policySettings)).toEqual([]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, sessionTimeoutMinutes: 1, maxFailedLogins: 100 })).toEqual([]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, sessionTimeoutMinutes: 1440, maxFailedLogins: 1 })).toEqual([]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, overrideAuthority: 'pharmacist' })).toEqual([SECURITY_POLICY_MESSAGES.overrideAuthority]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, aiRiskAssessment: 'on' })).toEqual([SECURITY_POLICY_MESSAGES.aiRiskAssessment]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, sessionTimeoutMinutes: 0 })).toEqual([SECURITY_POLICY_MESSAGES.sessionTimeoutMinutes]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, sessionTimeoutMinutes: 1441 })).toEqual([SECURITY_POLICY_MESSAGES.sessionTimeoutMinutes]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, sessionTimeoutMinutes: '30' })).toEqual([SECURITY_POLICY_MESSAGES.sessionTimeoutMinutes]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, maxFailedLogins: 0 })).toEqual([SECURITY_POLICY_MESSAGES.maxFailedLogins]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, maxFailedLogins: 101 })).toEqual([SECURITY_POLICY_MESSAGES.maxFailedLogins]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, maxFailedLogins: 3.5 })).toEqual([SECURITY_POLICY_MESSAGES.maxFailedLogins]);
    expect(messages(updateSecurityPolicyEndpoint.request, { ...policySettings, logAllOverrideAttempts: 'yes' })).toEqual([SECURITY_POLICY_MESSAGES.logAllOverrideAttempts]);
    expect(messages(updateSecurityPolicyEndpoint.request, {})).toEqual([
      SECURITY_POLICY_MESSAGES.overrideAuthority,
      SECURITY_POLICY_MESSAGES.aiRiskAssessment,
      SECURITY_POLICY_MESSAGES.require2faForAdmins,
      SECURITY_POLICY_MESSAGES.stepUpForHighRiskOverrides,
      SECURITY_POLICY_MESSAGES.logAllOverrideAttempts,
      SECURITY_POLICY_MESSAGES.sessionTimeoutMinutes,
      SECURITY_POLICY_MESSAGES.maxFailedLogins,
    ]);
  });
});

const invitation = {
  email: 'ivy@cedar.example.com',
  firstName: 'Ivy',
  lastName: 'Invited',
  role: 'technician',
  licenseNumber: 'CPhT-1234',
  licenseState: 'IL',
  licenseExpiration: '2028-06-30',
  licenseType: 'CPhT',
} as const;

const staffUser = {
  id: RX_ID,
  firstName: 'Ivy',
  lastName: 'Invited',
  email: 'ivy@cedar.example.com',
  role: 'technician',
  isActive: true,
  licenseNumber: null,
  licenseState: null,
  licenseExpiration: null,
  licenseType: null,
  loginAttempts: 0,
  lockedUntil: null,
  lastLogin: null,
  twoFactorEnabled: false,
  createdAt: '2026-11-23T00:00:00Z',
  permissions: ['prescriptions:read'],
};

describe('the staff user schemas', () => {
  it("take an invitation, with or without a license, and refuse each bad field with the form's message", () => {
    expect(messages(inviteUserEndpoint.request, invitation)).toEqual([]);
    expect(messages(inviteUserEndpoint.request, { email: 'a@b.example', firstName: 'A', lastName: 'B', role: 'admin' })).toEqual([]);
    expect(messages(inviteUserEndpoint.request, { ...invitation, licenseState: '', licenseExpiration: '' })).toEqual([]);
    expect(messages(inviteUserEndpoint.request, { ...invitation, email: 'not-an-email' })).toEqual([STAFF_USER_MESSAGES.email]);
    expect(messages(inviteUserEndpoint.request, { ...invitation, firstName: ' ' })).toEqual([STAFF_USER_MESSAGES.firstName]);
    expect(messages(inviteUserEndpoint.request, { ...invitation, lastName: '' })).toEqual([STAFF_USER_MESSAGES.lastName]);
    expect(messages(inviteUserEndpoint.request, { ...invitation, role: 'owner' })).toEqual([STAFF_USER_MESSAGES.role]);
    expect(messages(inviteUserEndpoint.request, { ...invitation, licenseState: 'XX' })).toEqual([STAFF_USER_MESSAGES.licenseState]);
    expect(messages(inviteUserEndpoint.request, { ...invitation, licenseExpiration: '2028-02-30' })).not.toEqual([]);
  });

  it('take the staff list and each action\'s answer, and refuse a user outside §3', () => {
    expect(messages(listUsersEndpoint.response, [staffUser])).toEqual([]);
    for (const endpoint of [inviteUserEndpoint, toggleUserStatusEndpoint, unlockUserEndpoint]) {
      expect(messages(endpoint.response, { ...staffUser, lockedUntil: '2026-11-23T00:30:00Z', lastLogin: '2026-11-22T09:00:00Z' })).toEqual([]);
    }
    expect(messages(resetUserPasswordEndpoint.response, { email: 'ivy@cedar.example.com' })).toEqual([]);
    expect(messages(listUsersEndpoint.response, [{ ...staffUser, role: 'owner' }])).not.toEqual([]);
    expect(messages(toggleUserStatusEndpoint.response, { ...staffUser, loginAttempts: '0' })).not.toEqual([]);
    const { permissions: _permissions, ...withoutPermissions } = staffUser;
    expect(messages(unlockUserEndpoint.response, withoutPermissions)).not.toEqual([]);
  });
});

describe('the response schemas', () => {
  it('take what the api answers', () => {
    expect(messages(healthEndpoint.response, { status: 'ok', service: 'api', time: '2026-11-23T00:00:00Z', user: null })).toEqual([]);
    expect(messages(listPlansEndpoint.response, [plan])).toEqual([]);
    const facts = { planId: 'flat-monthly', status: 'trialing', trialEndsAt: '2026-12-23T00:00:00Z', nextBillingDate: '2026-12-23' };
    const current = { ...facts, plan, subscription: facts, timeZone: 'America/Chicago', trialDaysLeft: 24 };
    expect(messages(currentSubscriptionEndpoint.response, current)).toEqual([]);
    expect(messages(currentSubscriptionEndpoint.response, { ...current, trialDaysLeft: null })).toEqual([]);
    expect(messages(currentSubscriptionEndpoint.response, { ...current, trialDaysLeft: -1 })).not.toEqual([]);
    expect(messages(validateOnboardingEndpoint.response, { isValid: false, errors: ['Pharmacy name is required'] })).toEqual([]);
    const created = { pharmacy: { id: RX_ID, pharmacyName: 'Cedar Drug' }, user: { id: RX_ID, email: 'lena@cedar.example.com' } };
    expect(messages(onboardEndpoint.response, created)).toEqual([]);
    expect(
      messages(completeOnboardingEndpoint.response, {
        ...created,
        subscription: { planId: 'flat-monthly', status: 'trialing', trialEndsAt: null },
        nextSteps: [...ONBOARDING_NEXT_STEPS],
      }),
    ).toEqual([]);
    expect(messages(generateLabelEndpoint.response, '<!DOCTYPE html><p>label</p>')).toEqual([]);
    const policy = { id: RX_ID, ...policySettings, updatedAt: '2026-11-23T00:00:00Z' };
    expect(messages(listSecurityPoliciesEndpoint.response, [policy])).toEqual([]);
    expect(messages(updateSecurityPolicyEndpoint.response, policy)).toEqual([]);
    expect(messages(refillPrescriptionEndpoint.response, { ...prescription, fillNumber: 1, refillsUsed: 1, refillsRemaining: 1 })).toEqual([]);
    expect(messages(refillPrescriptionEndpoint.response, prescription)).not.toEqual([]);
  });

  it('refuse an answer outside the contract', () => {
    expect(messages(healthEndpoint.response, { status: 'down' })).not.toEqual([]);
    expect(messages(listPlansEndpoint.response, [{ ...plan, price: '150' }])).not.toEqual([]);
    expect(messages(generateLabelEndpoint.response, '')).not.toEqual([]);
    expect(messages(checkInteractionsEndpoint.response, { hasInteractions: true, interactions: [{ severity: 'fatal' }], recommendedActions: [] })).not.toEqual([]);
  });

  it('share one error body: { error, errors?, details? }', () => {
    expect(messages(apiErrorSchema, { error: 'Validation failed', errors: ['Pharmacy name is required'] })).toEqual([]);
    expect(messages(apiErrorSchema, { error: 'Unauthorized' })).toEqual([]);
    expect(messages(apiErrorSchema, { message: 'Unauthorized' })).not.toEqual([]);
  });

  it("give each refused body's problems with their fields' dotted paths ('' for the whole body)", () => {
    const schema = z
      .object({ eligibility: z.object({ timeoutSeconds: z.number().min(5, 'Too short') }), printers: z.array(z.object({ name: z.string().min(1, 'Name is required') })) })
      .refine(() => false, 'Not this body');
    expect(parseWithSchema(schema, { eligibility: { timeoutSeconds: 4 }, printers: [{ name: 'A' }, { name: '' }] })).toEqual({
      success: false,
      messages: ['Too short', 'Name is required', 'Not this body'],
      fields: [
        { path: 'eligibility.timeoutSeconds', message: 'Too short' },
        { path: 'printers.1.name', message: 'Name is required' },
        { path: '', message: 'Not this body' },
      ],
    });
  });
});

describe('the contract and the api function', () => {
  it('names each method and path once', async () => {
    const routes = (await contractEndpoints()).map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('is what the api function serves, every endpoint once, and nothing else', async () => {
    const apiFolder = path.join(repoRoot, 'edge-functions', 'api');
    const sources = sourceFiles(apiFolder).map((file) => readFileSync(file, 'utf8'));
    // A map of endpoints (SETTINGS_ENDPOINTS) is served key by key: `router.serve(MAP[key].get, …)` in a loop
    // stands for `MAP.*.get`; the integration test calls every key's endpoints.
    const served = sources.flatMap((source) =>
      [...source.matchAll(/\brouter\.serve\(\s*(\w+)(?:\[\w+\]\.(\w+))?/g)].map((match) => (match[2] ? `${match[1]}.*.${match[2]}` : match[1]!)));
    const named = (await contractEndpoints()).map(({ name }) => name.split('.').slice(1));
    const contract = [
      ...named.filter((parts) => parts.length === 1).map(([exported]) => exported!),
      ...new Set(named.filter((parts) => parts.length === 3).map(([exported, , method]) => `${exported}.*.${method}`)),
    ];
    expect(named.every((parts) => parts.length === 1 || parts.length === 3)).toBe(true);
    expect(served.sort()).toEqual(contract.sort());
    // Routes come only from the contract: the api builds an ApiRouter, never the plain Router with a path.
    for (const source of sources) {
      expect(source).not.toMatch(/new Router\(|\brouter\.(get|post|put|patch|delete|add)\(/);
    }
    expect(readFileSync(path.join(apiFolder, 'index.ts'), 'utf8')).toMatch(/new ApiRouter\(\)/);
  });
});

describe('path parameters', () => {
  it('fill the `:name` segments, percent-encoded; a path without them stays as it is', () => {
    expect(hasPathParams(updateSecurityPolicyEndpoint.path)).toBe(true);
    expect(hasPathParams(listSecurityPoliciesEndpoint.path)).toBe(false);
    expect(apiPath(updateSecurityPolicyEndpoint.path, { id: RX_ID })).toBe(`/api/security-policies/${RX_ID}`);
    expect(apiPath('/api/x/:id/y', { id: 'a/b c' })).toBe('/api/x/a%2Fb%20c/y');
    expect(apiPath(listSecurityPoliciesEndpoint.path)).toBe('/api/security-policies');
    expect(() => apiPath(updateSecurityPolicyEndpoint.path, {})).toThrow('/api/security-policies/:id needs a value for :id');
    expect(() => apiPath(updateSecurityPolicyEndpoint.path, { id: '' })).toThrow();
  });

  it('the invoker sends the filled path, the method and the body', async () => {
    const sent: Array<{ name: string; method: unknown; body: unknown }> = [];
    const caller = {
      functions: {
        invoke: async (name: string, options: { method?: string; body?: unknown }) => {
          sent.push({ name, method: options.method, body: options.body });
          return { data: { id: RX_ID, ...policySettings, updatedAt: '2026-11-23T00:00:00Z' }, error: null, response: new Response() };
        },
      },
    } as unknown as FunctionsCaller;
    const answer = await createApiInvoker(caller)(updateSecurityPolicyEndpoint, { id: RX_ID }, policySettings);
    expect(answer.id).toBe(RX_ID);
    expect(sent).toEqual([{ name: `api/security-policies/${RX_ID}`, method: 'PUT', body: policySettings }]);
  });
});

describe('query parameters', () => {
  it('are written as a query string, undefined ones left out', () => {
    expect(apiQueryString({ limit: 100, action: 'sign in&out', userId: undefined })).toBe('?limit=100&action=sign+in%26out');
    expect(apiQueryString({})).toBe('');
    expect(apiQueryString()).toBe('');
  });

  it("are parsed with the endpoint's query schema: strings coerced, defaults filled, bad ones refused with its messages", () => {
    const query = listAuditLogsEndpoint.query!;
    expect(parseWithSchema(query, {})).toEqual({ success: true, data: { limit: AUDIT_LOG_PAGE_SIZE } });
    expect(parseWithSchema(query, { limit: '25', beforeTimestamp: '2026-11-23T02:00:00.123456+00:00', beforeId: '42', from: '2026-11-01', to: '2026-11-01' }))
      .toEqual({ success: true, data: { limit: 25, beforeTimestamp: '2026-11-23T02:00:00.123456+00:00', beforeId: 42, from: '2026-11-01', to: '2026-11-01' } });
    expect(messages(query, { limit: '0' })).toEqual([AUDIT_LOG_MESSAGES.limit]);
    expect(messages(query, { limit: '101' })).toEqual([AUDIT_LOG_MESSAGES.limit]);
    expect(messages(query, { limit: 'ten' })).toEqual([AUDIT_LOG_MESSAGES.limit]);
    expect(messages(query, { beforeId: '42' })).toEqual([AUDIT_LOG_MESSAGES.cursor]);
    expect(messages(query, { userId: 'me', patientId: '1', from: '11/01/2026' })).toEqual([
      AUDIT_LOG_MESSAGES.userId, AUDIT_LOG_MESSAGES.patientId, AUDIT_LOG_MESSAGES.from,
    ]);
    expect(messages(query, { from: '2026-11-02', to: '2026-11-01' })).toEqual([AUDIT_LOG_MESSAGES.dateOrder]);
  });

  it('the invoker sends them after the path, with no body', async () => {
    const sent: Array<{ name: string; method: unknown; body: unknown }> = [];
    const caller = {
      functions: {
        invoke: async (name: string, options: { method?: string; body?: unknown }) => {
          sent.push({ name, method: options.method, body: options.body });
          return { data: [], error: null, response: new Response() };
        },
      },
    } as unknown as FunctionsCaller;
    expect(await createApiInvoker(caller)(listAuditLogsEndpoint, { limit: 100, action: 'sign_in' })).toEqual([]);
    await createApiInvoker(caller)(listAuditLogsEndpoint);
    expect(sent).toEqual([
      { name: 'api/audit-logs?limit=100&action=sign_in', method: 'GET', body: undefined },
      { name: 'api/audit-logs', method: 'GET', body: undefined },
    ]);
  });
});

describe('an upload (multipart endpoint)', () => {
  it('the multipart invoker sends the FormData as it is to the contract path and parses the answer; a JSON endpoint is refused', async () => {
    const sent: Array<{ name: string; method: unknown; body: unknown }> = [];
    const caller = {
      functions: {
        invoke: async (name: string, options: { method?: string; body?: unknown }) => {
          sent.push({ name, method: options.method, body: options.body });
          return { data: { imported: [], refused: ['ST 0001: already imported'] }, error: null, response: new Response() };
        },
      },
    } as unknown as FunctionsCaller;
    const form = new FormData();
    form.set('file', new Blob(['ISA*00~']), 'remit.835');
    expect(await createMultipartApiInvoker(caller)(importRemittanceEndpoint, form)).toEqual({ imported: [], refused: ['ST 0001: already imported'] });
    expect(sent).toEqual([{ name: 'api/claims/remittances', method: 'POST', body: form }]);
    await expect(createMultipartApiInvoker(caller)(listAuditLogsEndpoint, form)).rejects.toThrow('GET /api/audit-logs takes JSON: call it through invokeApi');
    expect(sent).toHaveLength(1);
  });
});

describe('the web app', () => {
  it('calls the api only through invokeApi, with endpoints of the contract', () => {
    const webSrc = path.join(repoRoot, 'web', 'src');
    const invokers = sourceFiles(webSrc).filter((file) => /\.functions\.invoke\s*[<(]/.test(readFileSync(file, 'utf8')));
    expect(invokers.map((file) => path.relative(webSrc, file).replaceAll('\\', '/'))).toEqual(['lib/api-invoker.ts']);
  });

  it("turns an error body into an ApiError with the status, the server's message and its problems", async () => {
    const body = JSON.stringify({ error: 'Validation failed', errors: ['Pharmacy name is required', 'NPI must be 10 digits'] });
    const error = await apiErrorFromFunctionsError(new FunctionsHttpError(new Response(body, { status: 400, statusText: 'Bad Request' })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Validation failed', errors: ['Pharmacy name is required', 'NPI must be 10 digits'] });
    expect(error.detail).toBe('Validation failed: Pharmacy name is required; NPI must be 10 digits');
    expect(error.statusLine).toBe(`400: ${body}`);
  });

  it("carries a 400's problems with their fields (details.fields), and none when the body has no such details", async () => {
    const fields = [{ path: 'eligibilityTimeout', message: 'Eligibility timeout must be between 5 and 60 seconds' }];
    const body = JSON.stringify({ error: 'Validation failed', errors: [fields[0]!.message], details: { fields } });
    const error = await apiErrorFromFunctionsError(new FunctionsHttpError(new Response(body, { status: 400 })));
    expect(error).toMatchObject({ status: 400, errors: [fields[0]!.message], fields });
    const conflict = await apiErrorFromFunctionsError(new FunctionsHttpError(new Response(JSON.stringify({ error: 'Taken', details: 'pharmacies_dea_key' }), { status: 409 })));
    expect(conflict.fields).toEqual([]);
  });

  it('keeps the status line for an answer that is not an error body, and words a network failure', async () => {
    const relayed = await apiErrorFromFunctionsError(new FunctionsHttpError(new Response('upstream timeout', { status: 504, statusText: 'Gateway Timeout' })));
    expect(relayed).toMatchObject({ status: 504, message: '504: upstream timeout', errors: [] });
    const offline = await apiErrorFromFunctionsError(new FunctionsFetchError(new TypeError('Failed to fetch')));
    expect(offline).toMatchObject({ status: null, message: 'Could not reach the server (Failed to fetch).' });
  });
});

/**
 * invokeApi's types follow the contract: `npm run typecheck` (tsc over tests/) fails when a call that should be
 * refused compiles (each @ts-expect-error must meet an error). Never run: the calls would reach the network.
 */
export function invokeApiTypeChecks(call: ApiInvoker): void {
  void call(generateLabelEndpoint, { prescriptionId: RX_ID });
  void call(healthEndpoint);
  // @ts-expect-error a label call needs its prescriptionId
  void call(generateLabelEndpoint, {});
  // @ts-expect-error a GET takes no body
  void call(healthEndpoint, {});
  // @ts-expect-error a POST takes its body
  void call(createPrescriptionEndpoint);
  void call(refillPrescriptionEndpoint, { id: RX_ID }, {});
  void call(refillPrescriptionEndpoint, { id: RX_ID }, { tooSoonReason: 'Going on vacation' });
  // @ts-expect-error a refill names its prescription
  void call(refillPrescriptionEndpoint, { tooSoonReason: 'Going on vacation' });
  // @ts-expect-error no string paths: only endpoints of the contract
  void call('/api/health');
  void call(updateSecurityPolicyEndpoint, { id: RX_ID }, policySettings);
  void call(listSecurityPoliciesEndpoint);
  void call(listAuditLogsEndpoint);
  void call(listAuditLogsEndpoint, { limit: 100, beforeTimestamp: '2026-11-23T02:00:00+00:00', beforeId: 42 });
  // @ts-expect-error only the query schema's parameters
  void call(listAuditLogsEndpoint, { page: 2 });
  // @ts-expect-error an endpoint without a query takes none
  void call(listSecurityPoliciesEndpoint, { limit: 100 });
  // @ts-expect-error a path with `:id` takes its value before the body
  void call(updateSecurityPolicyEndpoint, policySettings);
  // @ts-expect-error the parameter is named as in the path
  void call(updateSecurityPolicyEndpoint, { policyId: RX_ID }, policySettings);
  void call(listPlansEndpoint).then((plans) => {
    // @ts-expect-error the answer is typed by the response schema
    const name: number = plans[0]!.name;
    return name;
  });
}
