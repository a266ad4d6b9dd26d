/**
 * A pharmacy of its own with a whole team, made the way a real pharmacy gets one: onboarded through the api,
 * then its admin invites a pharmacist and a technician (POST /api/users), who accept the emailed invitation and
 * set their passwords. For specs that change data the demo pharmacy's specs count on (its patients, its policy).
 */
import type { APIRequestContext } from '@playwright/test';
import { callApi } from '../../support/api-call.ts';
import { caughtMailFor, linkIn, openLink, type CaughtMessage } from '../../support/mail-catcher.ts';
import { nodeClient, staffClient } from './demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './onboarding-data.ts';

export interface TeamMember {
  email: string;
  password: string;
}

export interface PharmacyTeam {
  pharmacyName: string;
  admin: TeamMember;
  pharmacist: TeamMember;
  technician: TeamMember;
}

/** The stack's mail catcher: the messages sent to an address, newest first. */
export function mailTo(email: string): Promise<CaughtMessage[]> {
  const mailpit = process.env.E2E_MAILPIT_URL;
  if (!mailpit) throw new Error('E2E_MAILPIT_URL is set by tests/e2e/global-setup.ts');
  return caughtMailFor(mailpit, email);
}

let invited = 0;

async function acceptInvitation(email: string, password: string): Promise<void> {
  const [invitation] = await mailTo(email);
  if (!invitation) throw new Error(`no invitation was mailed to ${email}`);
  // The link answers with the session in the redirect's fragment, which the web app would pick up.
  const { target, fragment } = await openLink(linkIn(invitation));
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (!accessToken || !refreshToken) throw new Error(`the invitation link of ${email} opened no session: ${target}#${fragment}`);
  const client = nodeClient();
  const session = await client.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  if (session.error) throw new Error(`the invitation session of ${email} was refused: ${session.error.message}`);
  const { error } = await client.auth.updateUser({ password });
  if (error) throw new Error(`${email} could not set a password: ${error.message}`);
}

export async function onboardPharmacyWithTeam(request: APIRequestContext): Promise<PharmacyTeam> {
  const pharmacy = await onboardPharmacyThroughApi(request);
  const admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
  const member = async (role: 'pharmacist' | 'technician', firstName: string, lastName: string): Promise<TeamMember> => {
    invited += 1;
    const email = `${role}-${Date.now()}-${invited}@e2e.test`;
    const password = `${role}-password-${invited}`;
    const answer = await callApi(admin, 'users', {
      method: 'POST',
      body: { email, firstName, lastName, role, ...(role === 'pharmacist' ? { licenseNumber: `RPH-${invited}`, licenseState: 'OR' } : {}) },
    });
    if (answer.status !== 201) throw new Error(`inviting the ${role} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    await acceptInvitation(email, password);
    return { email, password };
  };
  return {
    pharmacyName: pharmacy.pharmacyName,
    admin: { email: pharmacy.adminEmail, password: pharmacy.adminPassword },
    pharmacist: await member('pharmacist', 'Riley', 'Pharmacist'),
    technician: await member('technician', 'Taylor', 'Technician'),
  };
}
