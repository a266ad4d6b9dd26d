/**
 * The AI Security Manager end to end (spec part 2 §2 "AI Security Manager", §4, §7 "Security manager", §8, §9;
 * issue 11): the summary cards counted from the staff the api returns (with the shared risk rules), the user
 * details dialog, the Security Policies form saved and still there after a reload (and the schema's messages),
 * the Audit Log listing, filtering, paging back and exporting the entries as CSV, and the invitation flow: the
 * admin adds a technician, who follows the emailed link in another browser, sets a password, signs in and sees
 * the queue; the admin deactivates them and that open terminal is signed out. Non-admins are refused the screen.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { hasActiveSession, isLocked, RISK_MEDIUM_MAX, riskScore } from '../../shared/src/security/risk.ts';
import { AUDIT_LOG_CSV_HEADER } from '../../shared/src/security/audit-csv.ts';
import type { AuditLogEntry } from '../../shared/src/security/audit-log.ts';
import type { SecurityPolicy } from '../../shared/src/security/policy-schema.ts';
import type { StaffUser } from '../../shared/src/staff/staff-user.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { callApi } from '../support/api-call.ts';
import { DEMO_PASSWORD, demoStaffClient, staffClient } from './support/demo-staff-client.ts';
import { linkIn } from '../support/mail-catcher.ts';
import { mailTo, onboardPharmacyWithTeam } from './support/pharmacy-team.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { signIn } from './support/sign-in.ts';

async function openSecurityManager(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Security Manager', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Security Manager' })).toBeVisible();
}

async function listUsers(client: SupabaseClient): Promise<StaffUser[]> {
  const answer = await callApi<StaffUser[]>(client, 'users');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Every entry GET /api/audit-logs gives for a query, paging back to the end. */
async function allAuditEntries(client: SupabaseClient, query: Record<string, string>): Promise<AuditLogEntry[]> {
  const entries: AuditLogEntry[] = [];
  for (;;) {
    const last = entries.at(-1);
    const params = new URLSearchParams({ limit: '100', ...query, ...(last ? { beforeTimestamp: last.timestamp, beforeId: String(last.id) } : {}) });
    const answer = await callApi<AuditLogEntry[]>(client, `audit-logs?${params}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    entries.push(...answer.body);
    if (answer.body.length < 100) return entries;
  }
}

const cardValue = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).getByTestId('card-value');

test('the summary cards count the staff the api returns: total, active sessions, security alerts, 2FA', async ({ page }) => {
  await openSecurityManager(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  // After this admin's sign-in, as the screen read them.
  const users = await listUsers(await demoStaffClient('admin@demo.pharmacy'));
  const now = new Date();
  await expect(cardValue(page, 'Total Users')).toHaveText(String(users.length));
  await expect(cardValue(page, 'Active Sessions')).toHaveText(String(users.filter((user) => hasActiveSession(user.lastLogin, now)).length));
  await expect(cardValue(page, 'Security Alerts')).toHaveText(String(users.filter((user) => riskScore(user, now).score > RISK_MEDIUM_MAX).length));
  await expect(cardValue(page, '2FA Enabled')).toHaveText(String(users.filter((user) => user.twoFactorEnabled).length));

  // The list: each account with its name, email, role badge and risk badge.
  const staff = page.getByRole('list', { name: 'Staff accounts' });
  for (const user of users) {
    const row = staff.getByRole('listitem', { name: `${user.firstName} ${user.lastName}`, exact: true });
    await expect(row.getByText(user.email, { exact: true })).toBeVisible();
    const risk = riskScore(user, now);
    await expect(row.getByText(`${risk.level} risk (${risk.score})`, { exact: true })).toBeVisible();
    if (user.licenseNumber) await expect(row.getByText(`License ${user.licenseNumber}`, { exact: true })).toBeVisible();
    // Unlock only while locked.
    await expect(row.getByRole('button', { name: /^Unlock / })).toHaveCount(isLocked(user.lockedUntil, now) ? 1 : 0);
  }
});

test('the user details dialog shows every field of the account', async ({ page }) => {
  await openSecurityManager(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  const users = await listUsers(await demoStaffClient('admin@demo.pharmacy'));
  const pharmacist = users.find((user) => user.email === 'rph@demo.pharmacy')!;
  await page.getByRole('button', { name: 'View details of Riley Pharmacist' }).click();
  const details = page.getByRole('dialog', { name: 'User Details: Riley Pharmacist' });
  const fact = (term: string) => details.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
  await expect(fact('Email')).toHaveText('rph@demo.pharmacy');
  await expect(fact('Role')).toHaveText('Pharmacist');
  await expect(fact('Status')).toHaveText(pharmacist.isActive ? 'Active' : 'Inactive');
  await expect(fact('Last Login')).toHaveText(pharmacist.lastLogin ? new Date(pharmacist.lastLogin).toLocaleString('en-US') : 'Never');
  await expect(fact('Failed Attempts')).toHaveText(String(pharmacist.loginAttempts));
  await expect(fact('Two-Factor Authentication')).toHaveText(pharmacist.twoFactorEnabled ? 'Enabled' : 'Disabled');
  await expect(fact('Locked')).toHaveText(/^(No|Yes, until .+)$/);
  await expect(fact('License Number')).toHaveText(pharmacist.licenseNumber ?? 'N/A');
  await expect(fact('License State')).toHaveText(pharmacist.licenseState ?? 'N/A');
  const risk = riskScore(pharmacist, new Date());
  await expect(fact('Risk Score')).toHaveText(`${risk.level} risk (${risk.score})`);
  expect(pharmacist.permissions.length).toBeGreaterThan(0);
  await expect(details.getByRole('listitem')).toHaveText(pharmacist.permissions);
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(details).toHaveCount(0);
});

test('security policies: the form shows the stored policy, refuses out-of-range values, saves, and the change is there after a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const pharmacy = await onboardPharmacyThroughApi(request);
  const admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
  const [stored] = (await callApi<SecurityPolicy[]>(admin, 'security-policies')).body;
  expect(stored).toBeDefined();

  await openSecurityManager(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.getByRole('tab', { name: 'Security Policies' }).click();
  const authority = page.getByRole('group', { name: 'Document override authority' });
  const assessment = page.getByRole('group', { name: 'AI risk assessment' });
  const timeout = page.getByRole('spinbutton', { name: 'Session timeout (minutes)' });
  const maxFailed = page.getByRole('spinbutton', { name: 'Maximum failed sign-ins' });
  const logAll = page.getByRole('checkbox', { name: 'Log all override attempts' });
  await expect(timeout).toHaveValue(String(stored!.sessionTimeoutMinutes));
  await expect(maxFailed).toHaveValue(String(stored!.maxFailedLogins));
  await expect(logAll).toBeChecked({ checked: stored!.logAllOverrideAttempts });

  // The schema's message, and nothing sent.
  await maxFailed.fill('0');
  await page.getByRole('button', { name: 'Save Policy' }).click();
  await expect(page.getByText('Maximum failed sign-ins must be between 1 and 100')).toBeVisible();
  await expect(maxFailed).toHaveAttribute('aria-invalid', 'true');
  expect((await callApi<SecurityPolicy[]>(admin, 'security-policies')).body[0]!.maxFailedLogins).toBe(stored!.maxFailedLogins);

  await authority.getByRole('radio', { name: 'Dual approval' }).check();
  await assessment.getByRole('radio', { name: 'Advisory' }).check();
  // (2FA for admins stays as it is: turned on, it would send this admin without a factor to enrol.)
  await page.getByRole('checkbox', { name: /^Biometric verification for high-risk overrides/ }).setChecked(!stored!.stepUpForHighRiskOverrides);
  await logAll.setChecked(!stored!.logAllOverrideAttempts);
  await timeout.fill('45');
  await maxFailed.fill('5');
  // The one security policy query (the idle sign-out's session timeout, the queue's override rules) is read again
  // once the policy is saved.
  const contextReread = page.waitForResponse((response) => response.url().includes('/rest/v1/security_policies') && response.request().method() === 'GET');
  await page.getByRole('button', { name: 'Save Policy' }).click();
  await expect(page.getByText('Security policy updated', { exact: true })).toBeVisible();
  expect((await contextReread).ok()).toBe(true);

  const [saved] = (await callApi<SecurityPolicy[]>(admin, 'security-policies')).body;
  expect(saved).toMatchObject({
    overrideAuthority: 'dual_approval', aiRiskAssessment: 'advisory', require2faForAdmins: stored!.require2faForAdmins,
    stepUpForHighRiskOverrides: !stored!.stepUpForHighRiskOverrides, logAllOverrideAttempts: !stored!.logAllOverrideAttempts,
    sessionTimeoutMinutes: 45, maxFailedLogins: 5,
  });

  await page.reload();
  await page.getByRole('tab', { name: 'Security Policies' }).click();
  await expect(authority.getByRole('radio', { name: 'Dual approval' })).toBeChecked();
  await expect(assessment.getByRole('radio', { name: 'Advisory' })).toBeChecked();
  await expect(timeout).toHaveValue('45');
  await expect(maxFailed).toHaveValue('5');
  await expect(logAll).toBeChecked({ checked: !stored!.logAllOverrideAttempts });
  await expect(page.getByRole('checkbox', { name: /^Biometric verification for high-risk overrides/ })).toBeChecked({ checked: !stored!.stepUpForHighRiskOverrides });
});

test('the audit log lists the newest 100, pages back, filters by patient, user, action and date, and exports what it shows as CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  const pharmacy = await onboardPharmacyThroughApi(request);
  const admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
  const lastName = `Audited${Date.now()}`;
  const { data: patient, error } = await admin.from('patients')
    .insert({ first_name: 'Paige', last_name: lastName, current_medications: [], allergies: [] }).select('id').single();
  expect(error).toBeNull();
  // 105 opens of the record: each one an audit entry of the admin, about this patient.
  for (let open = 0; open < 105; open += 1) {
    const recorded = await admin.rpc('record_patient_access', { patient_id: patient!.id, what: 'patient_record' });
    expect(recorded.error).toBeNull();
  }
  const patientEntries = await allAuditEntries(admin, { patientId: patient!.id });
  expect(patientEntries.length).toBeGreaterThanOrEqual(105);

  await openSecurityManager(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const entries = page.getByTestId('audit-log-entry');
  // Unfiltered: the newest 100, older ones behind "Load older".
  await expect(page.getByText('Showing 100 entries (older entries not loaded)')).toBeVisible();
  await expect(entries).toHaveCount(100);
  const newest = (await allAuditEntries(admin, {}))[0]!;
  await expect(entries.first()).toContainText(newest.description);
  await expect(entries.first()).toContainText(newest.userName ?? 'Unknown User');
  await expect(entries.first().getByText(newest.success ? 'Success' : 'Failed', { exact: true })).toBeVisible();

  // The patient filter: this patient's entries only, 100 then the rest.
  const patientField = page.getByRole('combobox', { name: 'Patient', exact: true });
  await patientField.fill(lastName);
  await page.getByRole('option', { name: new RegExp(`^Paige ${lastName}`) }).click();
  await expect(page.getByText('Showing 100 entries (older entries not loaded)')).toBeVisible();
  await page.getByRole('button', { name: 'Load older' }).click();
  await expect(page.getByText(`Showing ${patientEntries.length} entries`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);
  await expect(entries).toHaveCount(patientEntries.length);
  await expect(entries.last()).toContainText(patientEntries.at(-1)!.description);
  const adminName = `${pharmacy.adminFirstName} ${pharmacy.adminLastName}`;
  await expect(entries.first()).toContainText(adminName);
  await expect(entries.first().getByText('Success', { exact: true })).toBeVisible();

  // CSV export of the entries shown: the header, then one row per entry, newest first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines.at(-1)).toBe('');
  expect(lines[0]).toBe(AUDIT_LOG_CSV_HEADER.join(','));
  expect(lines.length - 2).toBe(patientEntries.length);
  expect(lines[1]).toBe([patientEntries[0]!.timestamp, adminName, patientEntries[0]!.action, patientEntries[0]!.description, patientEntries[0]!.ipAddress ?? '', 'Success'].join(','));

  // User and action (patient cleared): that admin's entries of that action only, 100 then the rest.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(patientField).toHaveValue('');
  const userId = patientEntries[0]!.userId!;
  const action = patientEntries[0]!.action;
  const narrowed = await allAuditEntries(admin, { userId, action });
  expect(narrowed.length).toBeGreaterThan(100);
  expect(narrowed.length).toBeLessThan((await allAuditEntries(admin, { userId })).length);
  await page.getByRole('combobox', { name: 'User', exact: true }).selectOption({ label: adminName });
  await page.getByRole('combobox', { name: 'Action', exact: true }).selectOption(action);
  await expect(page.getByText('Showing 100 entries (older entries not loaded)')).toBeVisible();
  await page.getByRole('button', { name: 'Load older' }).click();
  await expect(page.getByText(`Showing ${narrowed.length} entries`, { exact: true })).toBeVisible();
  await expect(entries.filter({ hasNotText: adminName })).toHaveCount(0);
  await expect(entries.filter({ hasNotText: narrowed[0]!.description })).toHaveCount(0);

  // Dates: from tomorrow finds nothing yet; a from after the to is refused on the spot.
  const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await expect(page.getByText('No audit log entries match these filters.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByRole('alert').filter({ hasText: 'The from date must not be after the to date' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('Showing 100 entries (older entries not loaded)')).toBeVisible();
  await expect(patientField).toHaveValue('');
});

test('an admin invites a technician who sets a password from the email and works the queue; unlock, reset password, and deactivation signs their open terminal out', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const pharmacy = await onboardPharmacyThroughApi(request);
  const techEmail = `tia.tech.${Date.now()}@example.test`;
  await openSecurityManager(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await expect(cardValue(page, 'Total Users')).toHaveText('1');

  // Add User: the form's messages first, then the invitation.
  await page.getByRole('button', { name: 'Add User', exact: true }).click();
  const addUser = page.getByRole('dialog', { name: 'Add User' });
  await addUser.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(addUser.getByText('Invalid email address')).toBeVisible();
  await expect(addUser.getByText('Choose a role: admin, pharmacist or technician')).toBeVisible();
  await addUser.getByRole('textbox', { name: 'Email' }).fill(techEmail);
  await addUser.getByRole('textbox', { name: 'First Name' }).fill('Tia');
  await addUser.getByRole('textbox', { name: 'Last Name' }).fill('Tech');
  await addUser.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Technician' });
  await addUser.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`An invitation email was sent to ${techEmail}.`)).toBeVisible();
  await expect(addUser).toHaveCount(0);
  const techRow = page.getByRole('listitem', { name: 'Tia Tech', exact: true });
  await expect(techRow.getByText('Technician', { exact: true })).toBeVisible();
  // Never signed in (+20) and no 2FA (+15).
  await expect(techRow.getByText('Medium risk (35)', { exact: true })).toBeVisible();
  await expect(cardValue(page, 'Total Users')).toHaveText('2');

  // The invitation, opened in another browser: set a password, into the app, the queue.
  const invitations = await mailTo(techEmail);
  expect(invitations.map((message) => message.Subject)).toEqual(['You have been invited']);
  const techContext = await browser.newContext();
  const tech = await techContext.newPage();
  await tech.goto(linkIn(invitations[0]!));
  await expect(tech.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
  const techPassword = 'tia-sets-this-9';
  await tech.getByLabel('New Password').fill(techPassword);
  await tech.getByLabel('Confirm Password').fill(techPassword);
  await tech.getByRole('button', { name: 'Set Password' }).click();
  await expect(tech.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Signed out and in again with the password just set.
  await tech.getByRole('button', { name: 'Sign Out' }).click();
  await expect(tech.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await signIn(tech, techEmail, techPassword);
  await tech.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Prescriptions' }).click();
  await expect(tech.getByRole('heading', { level: 1, name: 'Prescription Management' })).toBeVisible();
  await expect(tech.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toBeVisible();
  await expect(tech.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Security Manager' })).toHaveCount(0);

  // Three wrong passwords lock the account; Unlock shows only then and clears it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await request.post(`${process.env.E2E_API_URL}/auth/v1/token?grant_type=password`, {
      headers: { apikey: process.env.E2E_ANON_KEY! },
      data: { email: techEmail, password: 'not-the-password' },
    });
  }
  await page.reload();
  await expect(techRow.getByText('Locked', { exact: true })).toBeVisible();
  await techRow.getByRole('button', { name: 'Unlock Tia Tech' }).click();
  await expect(page.getByText('User account unlocked', { exact: true })).toBeVisible();
  await expect(techRow.getByRole('button', { name: 'Unlock Tia Tech' })).toHaveCount(0);
  await expect(techRow.getByText('Locked', { exact: true })).toHaveCount(0);

  // Reset password: the recovery email goes out.
  await techRow.getByRole('button', { name: 'Reset password for Tia Tech' }).click();
  await expect(page.getByText('Password reset email sent', { exact: true })).toBeVisible();
  await expect.poll(async () => (await mailTo(techEmail)).map((message) => message.Subject)).toContain('Reset Your Password');

  // The admin cannot deactivate themselves: the api's refusal is shown.
  const adminName = `${pharmacy.adminFirstName} ${pharmacy.adminLastName}`;
  await page.getByRole('switch', { name: `Active: ${adminName}` }).click();
  await expect(page.getByText('You cannot activate or deactivate your own account')).toBeVisible();
  await expect(page.getByRole('switch', { name: `Active: ${adminName}` })).toBeChecked();

  // Deactivation ends their sessions, and the database tells their open terminal at once (Realtime broadcast on
  // their private account channel): it signs out and lands on the sign-in page saying why, with no token refresh.
  const refreshes: string[] = [];
  tech.on('request', (sent) => {
    if (sent.url().includes('/auth/v1/token?grant_type=refresh_token')) refreshes.push(sent.url());
  });
  await page.getByRole('switch', { name: 'Active: Tia Tech' }).click();
  await expect(page.getByText('User status updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Active: Tia Tech' })).not.toBeChecked();
  await expect(techRow.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(tech.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(tech).toHaveURL(/\/login$/);
  await expect(tech.getByText('Your account has been deactivated. Contact your pharmacy administrator.', { exact: true })).toBeVisible();
  expect(refreshes).toEqual([]);
  await techContext.close();
});

test('a staff member invited with a license is on the Credentials tab at once, without a reload', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  const email = `lee.licensed.${Date.now()}@example.test`;
  await openSecurityManager(page, pharmacy.adminEmail, pharmacy.adminPassword);
  // The tab is seen (and its list loaded) before the invitation.
  await page.getByRole('tab', { name: 'Credentials' }).click();
  await expect(page.getByRole('list', { name: 'Staff credentials' }).or(page.getByText('No staff member has a license number on record.'))).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Lee Licensed/ })).toHaveCount(0);

  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('button', { name: 'Add User', exact: true }).click();
  const addUser = page.getByRole('dialog', { name: 'Add User' });
  await addUser.getByRole('textbox', { name: 'Email' }).fill(email);
  await addUser.getByRole('textbox', { name: 'First Name' }).fill('Lee');
  await addUser.getByRole('textbox', { name: 'Last Name' }).fill('Licensed');
  await addUser.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Pharmacist' });
  await addUser.getByRole('textbox', { name: 'License Number' }).fill('RPH-778899');
  await addUser.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`An invitation email was sent to ${email}.`)).toBeVisible();

  await page.getByRole('tab', { name: 'Credentials' }).click();
  const credentials = page.getByRole('list', { name: 'Staff credentials' });
  await expect(credentials.getByRole('listitem', { name: 'Lee Licensed (Pharmacist)' })).toBeVisible();
  await expect(credentials.getByText('RPH-778899', { exact: true })).toBeVisible();
});

test('a license copy is uploaded on the Credentials tab, replaces the earlier one, and downloads as uploaded', async ({ page, request }) => {
  const team = await onboardPharmacyWithTeam(request);
  await openSecurityManager(page, team.admin.email, team.admin.password);
  await page.getByRole('tab', { name: 'Credentials' }).click();
  const row = page.getByRole('list', { name: 'Staff credentials' }).getByRole('listitem', { name: 'Riley Pharmacist (Pharmacist)' });
  await expect(row.getByText('No document uploaded yet')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download Copy' })).toBeDisabled();

  // A PNG first, then a PDF in its place: the row offers the newest copy, and only one is kept.
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    await row.getByLabel('License document for Riley Pharmacist').setInputFiles(file);
    await expect(page.getByRole('status').filter({ hasText: 'License document uploaded for Riley Pharmacist.' }).last()).toBeVisible();
  };
  await upload({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') });
  const pdf = Buffer.from('%PDF-1.4\n% Riley Pharmacist, license RPH\n%%EOF\n');
  await upload({ name: 'license scan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(row.getByRole('button', { name: 'Download Copy' })).toBeEnabled();

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download Copy' }).click()]);
  expect(download.suggestedFilename()).toBe('Pharmacist-Riley-license.pdf');
  expect(await readFile((await download.path())!)).toEqual(pdf);
  const admin = await staffClient(team.admin.email, team.admin.password);
  const riley = (await listUsers(admin)).find((user) => user.firstName === 'Riley');
  const pharmacy = await admin.from('pharmacies').select('id').single();
  expect(pharmacy.error).toBeNull();
  const { data: stored, error } = await admin.storage.from('credential-documents').list(`${pharmacy.data!.id}/${riley!.id}`);
  expect(error).toBeNull();
  expect(stored!.map((object) => object.name)).toEqual(['license.pdf']);
});

test('staff who are not admins get "Not available for your role" at the Security Manager', async ({ page }) => {
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  await page.goto('/security-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Not available for your role' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Security Manager' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Audit Log' })).toHaveCount(0);
});

test('a deactivation made while the terminal was not listening still signs it out once it is back', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const team = await onboardPharmacyWithTeam(request);
  const admin = await staffClient(team.admin.email, team.admin.password);
  const technician = (await listUsers(admin)).find((user) => user.email === team.technician.email)!;

  const techContext = await browser.newContext();
  // The terminal's realtime connection is held down, so the database's notice reaches nobody.
  let realtimeDown = true;
  await techContext.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    if (realtimeDown) void socket.close();
    else socket.connectToServer();
  });
  const tech = await techContext.newPage();
  await signIn(tech, team.technician.email, team.technician.password);
  await expect(tech.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const toggled = await callApi<StaffUser>(admin, `users/${technician.id}/toggle-status`, { method: 'POST' });
  expect(toggled.status).toBe(200);
  expect(toggled.body.isActive).toBe(false);
  await expect(tech.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Back online: the account is read again and the terminal is signed out (long before its token comes due).
  realtimeDown = false;
  await expect(tech.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible({ timeout: 45_000 });
  await techContext.close();
});
