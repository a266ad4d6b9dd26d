/**
 * The live prescription queue end to end with two terminals of the demo pharmacy (two browser contexts):
 * a technician enters a prescription and it reaches the pharmacist's Pending tab without a reload; the
 * technician processes it, the pharmacist verifies it, the technician's Ready tab shows it without a reload
 * and Print Label opens the label. A prescription interacting with the patient's current medications
 * (ibuprofen for a patient taking warfarin) shows the orange alert; the technician cannot override it, the
 * pharmacist overrides it with a reason and it moves to Processing. Presence shows who has it open. A fill the
 * stock on record cannot cover is refused at verification with the numbers, and stays in Processing. When the
 * patient starts warfarin after entry, verification finds the new interaction, shows it in the alert dialog,
 * and the pharmacist verifies past it with a reason (prospective DUR). The form refuses a schedule II refill.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { demoStaffClient, enterPrescriptionThroughApi, movePrescriptionAs, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { signIn } from './support/sign-in.ts';

const PASSWORD = 'demo-password';

async function openQueue(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await page.goto('/prescriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Management' })).toBeVisible();
  return page;
}

function card(page: Page, directions: string) {
  return page.getByRole('article').filter({ hasText: directions });
}

async function openTab(page: Page, name: 'Pending' | 'Processing' | 'Ready' | 'Completed'): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${name} `) })).toHaveAttribute('aria-selected', 'true');
}

/** The form's Patient combobox: types part of the name and picks the patient from the server's suggestions. */
async function choosePatient(dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Patient', exact: true }).fill(name.split(' ').pop()!);
  await dialog.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(dialog.getByRole('combobox', { name: 'Patient', exact: true })).toHaveValue(name);
}

/** The form's Medication combobox: types the start of the name and picks the product from the server's suggestions. */
async function chooseMedication(dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Medication', exact: true }).fill(label.split(' ')[0]!);
  await dialog.getByRole('option', { name: new RegExp(`^${label}`) }).click();
  await expect(dialog.getByRole('combobox', { name: 'Medication', exact: true })).toHaveValue(label);
}

/** The form's Prescriber combobox: types the last name and picks the prescriber from the directory's suggestions. */
async function choosePrescriber(dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Prescriber', exact: true }).fill(label.split(' ').at(-2)!.replace(',', ''));
  await dialog.getByRole('option', { name: new RegExp(`^${label}`) }).click();
  await expect(dialog.getByRole('combobox', { name: 'Prescriber', exact: true })).toHaveValue(label);
}

async function enterPrescription(page: Page, entry: { patient: string; medication: string; directions: string }): Promise<void> {
  await page.getByRole('button', { name: 'New Prescription', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Manual Prescription Entry' });
  await expect(dialog.getByRole('button', { name: 'Written RX', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await choosePatient(dialog, entry.patient);
  await choosePrescriber(dialog, 'Dr. Priya Natarajan, DO');
  await chooseMedication(dialog, entry.medication);
  await dialog.getByRole('textbox', { name: 'Directions', exact: true }).fill(entry.directions);
  await dialog.getByRole('textbox', { name: 'Quantity', exact: true }).fill('30');
  await dialog.getByRole('textbox', { name: 'Refills', exact: true }).fill('2');
  await dialog.getByRole('textbox', { name: 'Days Supply', exact: true }).fill('30');
  await dialog.getByRole('button', { name: 'Create Prescription', exact: true }).click();
  // The overlays follow the request: 'prescription' while it is sent, then 'analysis' while the server checks.
  await expect(page.getByRole('status', { name: 'Entering prescription' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Analyzing drug safety' })).toBeVisible();
  await expect(page.getByText('Written prescription created and safety analyzed successfully')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toHaveCount(0);
}

test('a prescription moves technician → pharmacist → technician live, and an interaction alert only the pharmacist overrides', async ({ browser }) => {
  test.setTimeout(120_000);
  const technician = await openQueue(browser, 'tech@demo.pharmacy');
  const pharmacist = await openQueue(browser, 'rph@demo.pharmacy');
  const stamp = Date.now();

  // The fax type shows its own fields; written (the default) does not.
  await technician.getByRole('button', { name: 'New Prescription', exact: true }).click();
  const entryDialog = technician.getByRole('dialog', { name: 'Manual Prescription Entry' });
  await expect(entryDialog.getByRole('textbox', { name: 'Fax Number' })).toHaveCount(0);
  await entryDialog.getByRole('button', { name: 'Fax RX', exact: true }).click();
  await expect(entryDialog.getByRole('textbox', { name: 'Fax Number' })).toBeVisible();
  await entryDialog.getByRole('button', { name: 'Verbal Order', exact: true }).click();
  await expect(entryDialog.getByRole('textbox', { name: 'Caller Information' })).toBeVisible();
  await expect(entryDialog.getByRole('combobox', { name: 'Urgency Level' })).toBeVisible();
  await entryDialog.getByRole('button', { name: 'Written RX', exact: true }).click();
  await entryDialog.getByRole('button', { name: 'Cancel', exact: true }).click();

  // 1. The technician enters a clean prescription; it reaches the pharmacist's Pending tab without a reload.
  const cleanDirections = `Take 1 tablet by mouth once daily (e2e ${stamp})`;
  await enterPrescription(technician, { patient: 'Kevin Doyle', medication: 'Lisinopril 10 mg tablet', directions: cleanDirections });
  await expect(card(technician, cleanDirections)).toBeVisible();
  const pharmacistCard = card(pharmacist, cleanDirections);
  await expect(pharmacistCard).toBeVisible();
  await expect(pharmacistCard.getByText('pending', { exact: true })).toBeVisible();

  // 2. The technician processes it; the technician cannot verify, the pharmacist can.
  await card(technician, cleanDirections).getByRole('button', { name: 'Process', exact: true }).click();
  await expect(technician.getByText('Prescription updated successfully')).toBeVisible();
  await expect(card(technician, cleanDirections)).toHaveCount(0);
  await expect(pharmacistCard).toHaveCount(0);
  await openTab(technician, 'Processing');
  await expect(card(technician, cleanDirections)).toBeVisible();
  await expect(card(technician, cleanDirections).getByRole('button', { name: 'Verify' })).toHaveCount(0);
  await openTab(technician, 'Ready');
  await expect(card(technician, cleanDirections)).toHaveCount(0);

  await openTab(pharmacist, 'Processing');
  await card(pharmacist, cleanDirections).getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(pharmacist.getByText('Prescription updated successfully')).toBeVisible();

  // 3. The technician's Ready tab shows it without a reload; Print Label opens the label.
  const readyCard = card(technician, cleanDirections);
  await expect(readyCard).toBeVisible();
  await expect(readyCard.getByText('ready', { exact: true })).toBeVisible();
  const labelWindow = technician.context().waitForEvent('page');
  await readyCard.getByRole('button', { name: 'Print Label', exact: true }).click();
  const label = await labelWindow;
  await expect(label.locator('body')).toContainText('Lisinopril');
  await expect(label.locator('body')).toContainText('Kevin');
  await expect(technician.getByText('Label generated and ready for printing')).toBeVisible();
  await label.close();

  // 4. Ibuprofen for a patient taking warfarin: the orange alert on both terminals.
  await openTab(technician, 'Pending');
  await openTab(pharmacist, 'Pending');
  const alertDirections = `Take 1 tablet by mouth every 8 hours as needed (e2e ${stamp})`;
  await enterPrescription(technician, { patient: 'Margaret Holloway', medication: 'Ibuprofen 800 mg tablet', directions: alertDirections });
  const technicianAlertCard = card(technician, alertDirections);
  await expect(technicianAlertCard.getByText('AI Alert: Potential drug interaction detected')).toBeVisible();
  await expect(technicianAlertCard.getByRole('button', { name: 'Process' })).toHaveCount(0);
  const pharmacistAlertCard = card(pharmacist, alertDirections);
  await expect(pharmacistAlertCard.getByText('AI Alert: Potential drug interaction detected')).toBeVisible();

  // The technician reviews it: the interaction is listed, overriding is not theirs to do.
  await technicianAlertCard.getByRole('button', { name: 'Review Alert', exact: true }).click();
  const technicianDialog = technician.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(technicianDialog.getByText('severe', { exact: true })).toBeVisible();
  await expect(technicianDialog.getByText(/warfarin/i).first()).toBeVisible();
  await expect(technicianDialog.getByRole('button', { name: 'Contact Physician' })).toBeVisible();
  await expect(technicianDialog.getByRole('button', { name: 'Override & Process' })).toBeDisabled();
  // Presence: the pharmacist sees that the technician has it open.
  await expect(pharmacistAlertCard.getByLabel('Open by Taylor Technician')).toHaveText('TT');
  await technicianDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(pharmacistAlertCard.getByLabel('Open by Taylor Technician')).toHaveCount(0);

  // The pharmacist overrides with a reason (required) and it moves to Processing on both screens.
  await pharmacistAlertCard.getByRole('button', { name: 'Review Alert', exact: true }).click();
  const pharmacistDialog = pharmacist.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await pharmacistDialog.getByRole('button', { name: 'Override & Process', exact: true }).click();
  await expect(pharmacistDialog.getByText('Give a reason for overriding the interaction alert')).toBeVisible();
  await pharmacistDialog.getByRole('textbox', { name: 'Override reason' }).fill('Short course; prescriber consulted, INR check in 3 days');
  await pharmacistDialog.getByRole('button', { name: 'Override & Process', exact: true }).click();
  await expect(pharmacist.getByText('Prescription updated successfully')).toBeVisible();
  await expect(pharmacistDialog).toHaveCount(0);
  await expect(pharmacistAlertCard).toHaveCount(0);
  await expect(technicianAlertCard).toHaveCount(0);
  await openTab(technician, 'Processing');
  await expect(card(technician, alertDirections).getByText('Interaction alert overridden: Short course; prescriber consulted, INR check in 3 days')).toBeVisible();
});

test('after a lost realtime connection the queue catches up by refetching', async ({ browser }) => {
  const pharmacist = await openQueue(browser, 'rph@demo.pharmacy');
  await openTab(pharmacist, 'Pending');
  const technician = await demoStaffClient('tech@demo.pharmacy');
  const { data: patient } = await technician.from('patients').select('id').limit(1).single();
  const { data: medication } = await technician.from('medications').select('id').ilike('name', 'lisinopril%').limit(1).single();
  const directions = `Entered while the realtime service was down ${Date.now()}`;

  // Cut the realtime service: the page's socket drops, and the change below is made while it is away, so its
  // event is never delivered; only the refetch on re-subscribing can show it.
  const stateFile = process.env.E2E_STACK_STATE_FILE;
  if (!stateFile) throw new Error('E2E_STACK_STATE_FILE is set by tests/e2e/global-setup.ts');
  const realtimePid = (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { parts: Record<string, number> }).parts.realtime!;
  process.kill(realtimePid, 'SIGKILL');
  await enterPrescriptionThroughApi(technician, {
    patientId: patient!.id,
    medicationId: medication!.id,
    directions,
    quantity: '30',
    refills: '0',
    daysSupply: '30',
    prescriptionType: 'written',
  });

  await expect(card(pharmacist, directions)).toBeVisible({ timeout: 30_000 });
  await pharmacist.context().close();
});

test('verifying a fill the stock cannot cover shows the refusal with the numbers and leaves it in Processing', async ({ browser }) => {
  const technician = await demoStaffClient('tech@demo.pharmacy');
  const { data: patient } = await technician.from('patients').select('id').limit(1).single();
  const { data: inhaler } = await technician.from('medications').select('id, name, strength, stock').ilike('name', 'albuterol%').limit(1).single();
  const quantity = inhaler!.stock + 10;
  const directions = `Inhale 2 puffs every 4 to 6 hours as needed (stock check ${Date.now()})`;
  const entered = await enterPrescriptionThroughApi(technician, {
    patientId: patient!.id,
    medicationId: inhaler!.id,
    directions,
    quantity: String(quantity),
    refills: '0',
    daysSupply: '30',
    prescriptionType: 'written',
  });
  await movePrescriptionAs(technician, entered.id, 'processing');

  const pharmacist = await openQueue(browser, 'rph@demo.pharmacy');
  await openTab(pharmacist, 'Processing');
  await card(pharmacist, directions).getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(pharmacist.getByText(
    `Not enough ${inhaler!.name} ${inhaler!.strength} in stock to fill Prescription RX ${entered.rxNumber}: ${inhaler!.stock} on hand, ${quantity} needed`,
  )).toBeVisible();
  await expect(card(pharmacist, directions).getByText('processing', { exact: true })).toBeVisible();
  const { data: after } = await technician.from('medications').select('stock').eq('id', inhaler!.id).single();
  expect(after!.stock).toBe(inhaler!.stock);
  await pharmacist.context().close();
});

test('verification runs the check again: a finding new since entry opens the alert, resolved by Override & Verify', async ({ browser }) => {
  const technician = await demoStaffClient('tech@demo.pharmacy');
  const lastName = `Dur${Date.now()}`;
  const { data: patient, error: patientError } = await technician.from('patients')
    .insert({ first_name: 'Dana', last_name: lastName, current_medications: [], allergies: [] }).select('id').single();
  expect(patientError).toBeNull();
  const { data: ibuprofen } = await technician.from('medications').select('id').ilike('name', 'ibuprofen').limit(1).single();
  const directions = `Take 1 tablet by mouth every 8 hours with food (DUR ${Date.now()})`;
  const entered = await enterPrescriptionThroughApi(technician, {
    patientId: patient!.id, medicationId: ibuprofen!.id, directions, quantity: '20', refills: '0', daysSupply: '7', prescriptionType: 'written',
  });
  await movePrescriptionAs(technician, entered.id, 'processing');
  // After entry the patient starts warfarin.
  expect((await technician.from('patients').update({ current_medications: ['Warfarin 5mg'] }).eq('id', patient!.id)).error).toBeNull();

  const pharmacist = await openQueue(browser, 'rph@demo.pharmacy');
  await openTab(pharmacist, 'Processing');
  await card(pharmacist, directions).getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(pharmacist.getByText(
    `Prescription RX ${entered.rxNumber}: the patient's profile changed since entry and the interaction check found something new; review the alert and override it with a reason to verify`,
  )).toBeVisible();
  const dialog = pharmacist.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(dialog.getByText("Found at verification: the patient's medications or allergies changed since entry.")).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Interactions' }).getByText('ibuprofen + warfarin')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Override reason' }).fill('Prescriber consulted; short course with INR check');
  await dialog.getByRole('button', { name: 'Override & Verify', exact: true }).click();
  await expect(pharmacist.getByText('Prescription updated successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await openTab(pharmacist, 'Ready');
  await expect(card(pharmacist, directions).getByText('Verification alert overridden: Prescriber consulted; short course with INR check')).toBeVisible();
  await pharmacist.context().close();
});

test('the form refuses a refill of a schedule II drug with the DEA rule, and enters nothing', async ({ browser }) => {
  const technician = await openQueue(browser, 'tech@demo.pharmacy');
  const directions = `Take 1 tablet by mouth every 6 hours as needed for severe pain (CII ${Date.now()})`;
  await technician.getByRole('button', { name: 'New Prescription', exact: true }).click();
  const dialog = technician.getByRole('dialog', { name: 'Manual Prescription Entry' });
  await choosePatient(dialog, 'Kevin Doyle');
  await choosePrescriber(dialog, 'Dr. Priya Natarajan, DO');
  await chooseMedication(dialog, 'Oxycodone 5 mg tablet');
  await dialog.getByRole('textbox', { name: 'Directions', exact: true }).fill(directions);
  await dialog.getByRole('textbox', { name: 'Quantity', exact: true }).fill('12');
  await dialog.getByRole('textbox', { name: 'Refills', exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Create Prescription', exact: true }).click();
  await expect(dialog.getByText('Schedule II controlled substances cannot be refilled (21 CFR 1306.12): refills must be 0')).toBeVisible();
  await expect(dialog).toBeVisible();
  const staff = await demoStaffClient('tech@demo.pharmacy');
  expect((await staff.from('prescriptions').select('id').eq('directions', directions)).data).toEqual([]);
  await technician.context().close();
});

test('the form\'s Patient field searches the server from two characters and is a keyboard combobox', async ({ browser }) => {
  const technician = await openQueue(browser, 'tech@demo.pharmacy');
  const searches: { search: string; page_size: number }[] = [];
  let patientListReads = 0;
  technician.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('/rest/v1/rpc/search_patients')) searches.push(request.postDataJSON() as (typeof searches)[number]);
    if (path.endsWith('/rest/v1/patients')) patientListReads += 1;
  });
  await technician.getByRole('button', { name: 'New Prescription', exact: true }).click();
  const dialog = technician.getByRole('dialog', { name: 'Manual Prescription Entry' });
  const patient = dialog.getByRole('combobox', { name: 'Patient', exact: true });
  const list = dialog.getByRole('listbox', { name: 'Patient' });
  await expect(patient).toHaveAttribute('aria-expanded', 'false');

  await patient.pressSequentially('a');
  await expect(dialog.getByRole('status').filter({ hasText: 'Type at least 2 characters to search patients' })).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(0);
  await patient.pressSequentially('r');
  // 'ar': Marcus Bell, Harold Benson, Margaret Holloway, Evelyn Park, in name order.
  await expect(list.getByRole('option')).toHaveCount(4);
  const options = list.getByRole('option');
  await expect(options.nth(0)).toContainText('Marcus Bell');
  await expect(options.nth(3)).toContainText('Evelyn Park');
  await expect(patient).toHaveAttribute('aria-expanded', 'true');
  await expect(patient).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);

  const activeName = async () => technician.locator(`[id="${await patient.getAttribute('aria-activedescendant')}"]`).innerText();
  await patient.press('ArrowDown');
  expect(await activeName()).toContain('Marcus Bell');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await patient.press('ArrowDown');
  expect(await activeName()).toContain('Harold Benson');
  await patient.press('ArrowUp');
  expect(await activeName()).toContain('Marcus Bell');
  await patient.press('ArrowUp');
  expect(await activeName()).toContain('Evelyn Park');
  await patient.press('Enter');
  await expect(patient).toHaveValue('Evelyn Park');
  await expect(patient).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();

  // Escape closes the suggestions, not the dialog.
  await patient.fill('Holl');
  await expect(list.getByRole('option')).toHaveCount(1);
  await patient.press('Escape');
  await expect(list).toBeHidden();
  await expect(patient).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog).toBeVisible();

  // Only whole typed searches of two characters or more reached the server, a few patients at a time; no list of all patients.
  expect(searches.length).toBeGreaterThan(0);
  for (const sent of searches) {
    expect(sent.search.length).toBeGreaterThanOrEqual(2);
    expect(sent.page_size).toBe(8);
  }
  expect(searches.map((sent) => sent.search)).not.toContain('a');
  expect(patientListReads).toBe(0);
  await technician.context().close();
});

test('Completed pages recent work first with exact counts, is searched by Rx number, patient and date filled, and takes a live change without fetching the tab again', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const pharmacy = await onboardPharmacyThroughApi(request);
  const admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
  const { data: medication, error: medicationError } = await admin.from('medications')
    .insert({ name: 'Amoxicillin', strength: '500 mg', price: 5, stock: 100_000 }).select('id').single();
  expect(medicationError).toBeNull();
  const { data: patients, error: patientsError } = await admin.from('patients').insert([
    { first_name: 'Zed', last_name: 'Finder', current_medications: [], allergies: [] },
    { first_name: 'Ann', last_name: 'Pager', current_medications: [], allergies: [] },
  ]).select('id, first_name');
  expect(patientsError).toBeNull();
  const patientId = (name: string) => patients!.find((patient) => patient.first_name === name)!.id;
  const enter = (patient: string, index: number) => enterPrescriptionThroughApi(admin, {
    patientId: patientId(patient), medicationId: medication!.id, directions: `Take 1 capsule by mouth three times daily (page ${index})`,
    quantity: '21', refills: '0', daysSupply: '7', prescriptionType: 'written',
  });
  const complete = async (id: string) => {
    for (const status of ['processing', 'ready', 'completed']) await movePrescriptionAs(admin, id, status);
  };
  // Zed's is the oldest, so it sits on the second page; 30 in all, one page of 25 and five more.
  const entered = [await enter('Zed', 0)];
  for (let index = 1; index < 30; index += 1) entered.push(await enter('Ann', index));
  for (let start = 0; start < entered.length; start += 6) await Promise.all(entered.slice(start, start + 6).map(({ id }) => complete(id)));
  const { data: filled } = await admin.from('prescriptions').select('date_filled').eq('id', entered[0]!.id).single();

  const page = await (await browser.newContext()).newPage();
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.goto('/prescriptions');
  await expect(page.getByRole('tab', { name: 'Completed (30)' })).toBeVisible();
  await expect(page.getByLabel('Written RX count')).toHaveText('30');
  await openTab(page, 'Completed');
  const cards = page.getByRole('tabpanel', { name: 'Completed' }).getByRole('article');
  await expect(cards).toHaveCount(25);
  await expect(cards.first()).toContainText(`RX ${entered[29]!.rxNumber}`);
  await expect(page.getByText('Showing 25 of 30', { exact: true })).toBeVisible();
  await expect(card(page, '(page 0)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more', exact: true }).click();
  await expect(cards).toHaveCount(30);
  await expect(cards.last()).toContainText(`RX ${entered[0]!.rxNumber}`);
  await expect(page.getByRole('button', { name: 'Load more', exact: true })).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Search by Rx number or patient' });
  await search.pressSequentially('Finder');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Zed Finder');
  await search.fill(String(entered[12]!.rxNumber));
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`RX ${entered[12]!.rxNumber}`);
  await search.fill('');
  await page.getByLabel('Date filled').fill('2001-01-01');
  await expect(page.getByText('No prescriptions match the search')).toBeVisible();
  await page.getByLabel('Date filled').fill(filled!.date_filled!);
  await expect(cards).toHaveCount(25);
  // Clearing goes back to the tab as it was loaded (both pages).
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expect(cards).toHaveCount(30);

  // Another terminal completes one more: it takes the top of the loaded tab and the count follows, with no tab fetched again.
  const tabFetches: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/rest/v1/rpc/queue_page')) tabFetches.push(sent.url());
  });
  const latest = await enter('Ann', 30);
  await complete(latest.id);
  await expect(page.getByRole('tab', { name: 'Completed (31)' })).toBeVisible();
  await expect(cards.first()).toContainText(`RX ${latest.rxNumber}`);
  await expect(cards).toHaveCount(31);
  expect(tabFetches).toEqual([]);
  await page.context().close();
});
