/**
 * Patient Management end to end (spec part 1 §2, §3 Patient, §5 patient search, §9): the seeded patients in
 * the 'Patient Database' table, the debounced server-side search by name, phone and DOB, Add Patient with
 * the shared schema's messages, a valid add, Edit, View, and a patient added at another terminal appearing
 * without reload. Reading tests use the demo pharmacy; writing tests use a pharmacy onboarded for the test,
 * so the demo data other specs read stays as seeded.
 */
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { demoStaffClient, enterPrescriptionThroughApi, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi, type WizardData } from './support/onboarding-data.ts';
import { signIn } from './support/sign-in.ts';

const SEARCH_PLACEHOLDER = 'Search patients by name, phone, or DOB...';
const SEEDED_PATIENT_COUNT = 14;

interface NewPatient {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phoneDigits: string;
  streetAddress?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  allergies?: string[];
  currentMedications?: string[];
}

let uniqueCounter = 0;
function uniqueLastName(base: string): string {
  uniqueCounter += 1;
  return `${base}${Date.now().toString(36).slice(-4)}${uniqueCounter}`;
}

async function openPatients(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patient Database' })).toBeVisible();
}

function patientTable(page: Page): Locator {
  return page.getByRole('table');
}

/** The body rows of the table (the header row has column headers, not cells). */
function bodyRows(page: Page): Locator {
  return patientTable(page).locator('tbody tr');
}

function rowOf(page: Page, name: string): Locator {
  return bodyRows(page).filter({ hasText: name });
}

async function fillPatientForm(dialog: Locator, patient: NewPatient): Promise<void> {
  await dialog.getByRole('textbox', { name: 'First Name', exact: true }).fill(patient.firstName);
  await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill(patient.lastName);
  await dialog.getByLabel('Date of Birth', { exact: true }).fill(patient.dateOfBirth);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(patient.phoneDigits);
  if (patient.streetAddress) await dialog.getByRole('textbox', { name: 'Street Address', exact: true }).fill(patient.streetAddress);
  if (patient.city) await dialog.getByRole('textbox', { name: 'City', exact: true }).fill(patient.city);
  if (patient.state) await dialog.getByRole('combobox', { name: 'State', exact: true }).selectOption(patient.state);
  if (patient.zipCode) await dialog.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill(patient.zipCode);
  for (const [index, allergy] of (patient.allergies ?? []).entries()) {
    await dialog.getByRole('button', { name: 'Add allergy', exact: true }).click();
    await dialog.getByRole('textbox', { name: `Allergy ${index + 1}`, exact: true }).fill(allergy);
  }
  for (const [index, medication] of (patient.currentMedications ?? []).entries()) {
    await dialog.getByRole('button', { name: 'Add medication', exact: true }).click();
    await dialog.getByRole('textbox', { name: `Medication ${index + 1}`, exact: true }).fill(medication);
  }
}

async function addPatientThroughDialog(page: Page, patient: NewPatient): Promise<void> {
  await page.getByRole('button', { name: 'Add Patient', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Patient' });
  await expect(dialog).toBeVisible();
  await fillPatientForm(dialog, patient);
  await dialog.getByRole('button', { name: 'Add Patient', exact: true }).click();
  await expect(page.getByText(`${patient.firstName} ${patient.lastName} was added to the patient database.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function signInToNewPharmacy(page: Page, pharmacy: WizardData): Promise<void> {
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await openPatients(page);
}

test.describe('the demo pharmacy', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'tech@demo.pharmacy', 'demo-password');
    await openPatients(page);
  });

  test('lists the seeded patients with initials, short id, DOB, phone, insurance and allergy badges', async ({ page }) => {
    await expect(bodyRows(page)).toHaveCount(SEEDED_PATIENT_COUNT);
    await expect(patientTable(page).getByRole('columnheader')).toHaveText(['Patient', 'DOB', 'Phone', 'Insurance', 'Allergies', 'Actions']);

    const holloway = rowOf(page, 'Margaret Holloway');
    await expect(holloway.getByText('MH', { exact: true })).toBeVisible();
    await expect(holloway.getByText('ID: 00000000', { exact: true })).toBeVisible();
    await expect(holloway.getByText('03/14/1948', { exact: true })).toBeVisible();
    await expect(holloway.getByText('(217) 555-0301', { exact: true })).toBeVisible();
    // The badge is the active primary plan's payer (the seeded plans: tests/e2e/patient-insurance-plans.spec.ts).
    await expect(holloway.getByText('Demo Part D', { exact: true })).toBeVisible();
    await expect(holloway.getByRole('list', { name: 'Allergies' }).getByRole('listitem')).toHaveText(['Penicillin', 'Sulfa drugs']);
    await expect(holloway.getByRole('button', { name: 'View Margaret Holloway' })).toHaveText('View');
    await expect(holloway.getByRole('button', { name: 'Edit Margaret Holloway' })).toHaveText('Edit');

    const doyle = rowOf(page, 'Kevin Doyle');
    await expect(doyle.getByText('No insurance', { exact: true })).toBeVisible();
    await expect(doyle.getByText('None', { exact: true })).toBeVisible();
    await expect(rowOf(page, 'Marcus Bell').getByRole('list', { name: 'Allergies' }).getByRole('listitem')).toHaveText(['Peanuts', 'Erythromycin']);
  });

  test('the search filters on the server once typing stops, by name, phone and DOB', async ({ page }) => {
    // The search is the database's: the screen sends what was typed to rpc('search_patients') and filters nothing.
    const searchTerms: string[] = [];
    page.on('request', (request: Request) => {
      if (new URL(request.url()).pathname.endsWith('/rest/v1/rpc/search_patients')) searchTerms.push((request.postDataJSON() as { search: string }).search);
    });
    const search = page.getByRole('searchbox', { name: 'Search patients' });
    await expect(search).toHaveAttribute('placeholder', SEARCH_PLACEHOLDER);
    await expect(bodyRows(page)).toHaveCount(SEEDED_PATIENT_COUNT);

    // Typed key by key: the debounce waits for the last key, so the server is asked for the whole word only.
    await search.pressSequentially('holl');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Margaret Holloway')).toBeVisible();
    const typed = searchTerms.filter((term) => term !== '');
    expect(typed.length).toBeGreaterThan(0);
    for (const term of typed) expect(term).toBe('holl');

    await search.fill('');
    await expect(bodyRows(page)).toHaveCount(SEEDED_PATIENT_COUNT);
    await search.pressSequentially('555-0308');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Kevin Doyle')).toBeVisible();

    await search.fill('margaret holloway');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Margaret Holloway')).toBeVisible();

    await search.fill('12/28/1955');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Dolores Fairbanks')).toBeVisible();

    // Ten phone digits, however they are formatted; a date of birth as YYYY-MM-DD.
    await search.fill('217.555.0308');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Kevin Doyle')).toBeVisible();
    await search.fill('1948-03-14');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Margaret Holloway')).toBeVisible();

    await search.fill('no such patient');
    await expect(bodyRows(page)).toHaveText(['No patients found']);
  });

  test('View shows every field of the record and its insurance plans', async ({ page }) => {
    await rowOf(page, 'Margaret Holloway').getByRole('button', { name: 'View Margaret Holloway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Patient Details' });
    await expect(dialog).toBeVisible();
    for (const text of [
      'Margaret Holloway',
      '00000000-0000-4000-8000-0000000cc001',
      '03/14/1948',
      '(217) 555-0301',
      'mholloway@example.com',
      '1212 S Grand Ave W, Springfield, IL 62704',
    ]) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('row', { name: 'Primary plan Demo Part D' }).getByRole('cell')).toHaveText([
      'Primary', 'Demo Part D', '999002', 'DEMOPDP', 'DEMOPD01', 'DEMO000201', '001', 'Cardholder', 'Active', 'EditDeactivate',
    ]);
    await expect(dialog.getByRole('list', { name: 'All allergies' }).getByRole('listitem')).toHaveText(['Penicillin', 'Sulfa drugs']);
    await expect(dialog.getByRole('list', { name: 'Current medications' }).getByRole('listitem')).toHaveText([
      'Warfarin 5mg',
      'Metoprolol Succinate ER 50mg',
      'Atorvastatin 40mg',
    ]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('a pharmacy of its own', () => {
  test('Add Patient with bad input shows the messages and adds nothing', async ({ page, request }) => {
    const pharmacy = await onboardPharmacyThroughApi(request);
    await signInToNewPharmacy(page, pharmacy);
    await expect(bodyRows(page)).toHaveText(['No patients found']);

    await page.getByRole('button', { name: 'Add Patient', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Patient' });
    await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill('   ');
    await dialog.getByLabel('Date of Birth', { exact: true }).fill('2999-01-01');
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('555123');
    await dialog.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill('1234');
    await dialog.getByRole('button', { name: 'Add allergy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add Patient', exact: true }).click();

    for (const message of [
      'First name is required',
      'Last name is required',
      'Date of birth must be in the past',
      'Phone format: (555) 123-4567',
      'Invalid ZIP code',
      'An allergy cannot be blank',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('(555) 123');

    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Patient Database' })).toBeVisible();
    await expect(bodyRows(page)).toHaveText(['No patients found']);
  });

  test('a valid patient is added, shown in the table, edited and viewed', async ({ page, request }) => {
    // Add, two saves of Edit (the consent rule's refusal, then the save) and a reload: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const pharmacy = await onboardPharmacyThroughApi(request);
    await signInToNewPharmacy(page, pharmacy);
    const patient: NewPatient = {
      firstName: 'Ada',
      lastName: uniqueLastName('Quill'),
      dateOfBirth: '1987-07-21',
      phoneDigits: '5035550199',
      streetAddress: '400 SW Oak St',
      city: 'Portland',
      state: 'OR',
      zipCode: '97204',
      allergies: ['Penicillin', 'Latex', 'Codeine', 'Shellfish'],
      currentMedications: ['Lisinopril 10mg'],
    };
    const name = `${patient.firstName} ${patient.lastName}`;
    await addPatientThroughDialog(page, patient);

    const row = rowOf(page, name);
    await expect(row).toBeVisible();
    await expect(row.getByText('AQ', { exact: true })).toBeVisible();
    await expect(row.getByText('07/21/1987', { exact: true })).toBeVisible();
    await expect(row.getByText('(503) 555-0199', { exact: true })).toBeVisible();
    await expect(row.getByText('No insurance', { exact: true })).toBeVisible();
    await expect(row.getByRole('list', { name: 'Allergies' }).getByRole('listitem')).toHaveText(['Penicillin', 'Latex', '+2 more']);

    // Edit: change the phone (insurance is not typed on the form: it is the record's plans).
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Patient' });
    await expect(editDialog.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('(503) 555-0199');
    await expect(editDialog.getByRole('textbox', { name: /Insurance/ })).toHaveCount(0);
    await editDialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('5035550123');
    await editDialog.getByRole('button', { name: 'Remove allergy 4', exact: true }).click();
    // Email notifications consent needs an email address (the shared rule; the database holds it too).
    await editDialog.getByRole('checkbox', { name: /^Email notifications/ }).check();
    await editDialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(editDialog.getByText('Email notifications need an email address', { exact: true })).toBeVisible();
    await editDialog.getByRole('textbox', { name: 'Email', exact: true }).fill('ada.quill@example.test');
    await editDialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(page.getByText(`${name}'s record was updated.`)).toBeVisible();
    await expect(editDialog).toBeHidden();
    await expect(row.getByText('(503) 555-0123', { exact: true })).toBeVisible();
    await expect(row.getByText('No insurance', { exact: true })).toBeVisible();
    await expect(row.getByRole('list', { name: 'Allergies' }).getByRole('listitem')).toHaveText(['Penicillin', 'Latex', '+1 more']);

    // View, after a reload: what was saved is what the database holds.
    await page.reload();
    await rowOf(page, name).getByRole('button', { name: `View ${name}` }).click();
    const viewDialog = page.getByRole('dialog', { name: 'Patient Details' });
    for (const text of [name, '07/21/1987', '(503) 555-0123', 'ada.quill@example.test', 'Consented', '400 SW Oak St, Portland, OR 97204', 'No insurance plans on file']) {
      await expect(viewDialog.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(viewDialog.getByRole('list', { name: 'All allergies' }).getByRole('listitem')).toHaveText(['Penicillin', 'Latex', 'Codeine']);
    await expect(viewDialog.getByRole('list', { name: 'Current medications' }).getByRole('listitem')).toHaveText(['Lisinopril 10mg']);
  });

  test('a patient added at another terminal appears without reload', async ({ page, browser, request }) => {
    const pharmacy = await onboardPharmacyThroughApi(request);
    await signInToNewPharmacy(page, pharmacy);
    await expect(bodyRows(page)).toHaveText(['No patients found']);

    const otherContext = await browser.newContext();
    try {
      const otherPage = await otherContext.newPage();
      await signInToNewPharmacy(otherPage, pharmacy);
      const patient: NewPatient = { firstName: 'Remy', lastName: uniqueLastName('Terminal'), dateOfBirth: '1970-02-02', phoneDigits: '5035550111' };
      await addPatientThroughDialog(otherPage, patient);

      await expect(rowOf(page, `${patient.firstName} ${patient.lastName}`)).toBeVisible();
      await expect(bodyRows(page)).toHaveCount(1);
    } finally {
      await otherContext.close();
    }
  });
});

test.describe('paging on the server', () => {
  test('shows 25 patients a page with the exact total, pages through the rest, and a search starts on its first page', async ({ page, request }) => {
    test.setTimeout(90_000);
    const pharmacy = await onboardPharmacyThroughApi(request);
    const admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
    // 60 patients: Page00 … Page59, so the order (last name) is known; one search for the 'Odd' ones matches 30.
    const rows = Array.from({ length: 60 }, (_, index) => ({
      first_name: index % 2 === 1 ? 'Odd' : 'Even',
      last_name: `Page${String(index).padStart(2, '0')}`,
      current_medications: [],
      allergies: [],
    }));
    expect((await admin.from('patients').insert(rows)).error).toBeNull();
    const pageRequests: { search: string; page_size: number; page_offset: number }[] = [];
    page.on('request', (sent: Request) => {
      if (new URL(sent.url()).pathname.endsWith('/rest/v1/rpc/search_patients')) pageRequests.push(sent.postDataJSON() as (typeof pageRequests)[number]);
    });

    await signInToNewPharmacy(page, pharmacy);
    const pages = page.getByRole('navigation', { name: 'Patient pages' });
    await expect(pages.getByText('Showing 1–25 of 60', { exact: true })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(25);
    await expect(bodyRows(page).first()).toContainText('Page00');
    await expect(bodyRows(page).last()).toContainText('Page24');
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pages.getByText('Page 1 of 3', { exact: true })).toBeVisible();
    // One page at a time from the database (search_patients: the page and the exact total), never the whole list.
    expect(pageRequests).toContainEqual({ search: '', page_size: 25, page_offset: 0, name_descending: false });

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText('Showing 26–50 of 60', { exact: true })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Page25');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText('Showing 51–60 of 60', { exact: true })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pageRequests).toContainEqual({ search: '', page_size: 25, page_offset: 50, name_descending: false });

    await page.getByRole('searchbox', { name: 'Search patients' }).fill('Odd');
    await expect(pages.getByText('Showing 1–25 of 30', { exact: true })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Odd Page01');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText('Showing 26–30 of 30', { exact: true })).toBeVisible();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(pages.getByText('Showing 1–25 of 30', { exact: true })).toBeVisible();
  });
});

test.describe('access history (HIPAA audit of record reads)', () => {
  test('an admin sees who opened a record; other staff see no history', async ({ page, browser }) => {
    // Two terminals sign in one after the other: more than one default test's time on a loaded machine.
    test.setTimeout(90_000);
    const admin = await demoStaffClient('admin@demo.pharmacy');
    const { data: doyle } = await admin.from('patients').select('id').eq('first_name', 'Kevin').eq('last_name', 'Doyle').single();
    const technicianOpens = async (): Promise<number> => {
      const { data, error } = await admin.rpc('patient_access_history', { patient_id: doyle!.id, page_size: 200 });
      if (error) throw new Error(error.message);
      return (data as { actor_name: string; action: string }[])
        .filter((entry) => entry.actor_name === 'Taylor Technician' && entry.action === 'patient_record_opened').length;
    };
    const opensBefore = await technicianOpens();

    // The technician opens Kevin Doyle's record at another terminal.
    const technicianContext = await browser.newContext();
    try {
      const technicianPage = await technicianContext.newPage();
      await signIn(technicianPage, 'tech@demo.pharmacy', 'demo-password');
      await openPatients(technicianPage);
      await rowOf(technicianPage, 'Kevin Doyle').getByRole('button', { name: 'View Kevin Doyle' }).click();
      const technicianDialog = technicianPage.getByRole('dialog', { name: 'Patient Details' });
      await expect(technicianDialog.getByText('Kevin Doyle', { exact: true })).toBeVisible();
      await expect(technicianDialog.getByRole('heading', { name: 'Access History' })).toHaveCount(0);
    } finally {
      await technicianContext.close();
    }

    await signIn(page, 'admin@demo.pharmacy', 'demo-password');
    await openPatients(page);
    await rowOf(page, 'Kevin Doyle').getByRole('button', { name: 'View Kevin Doyle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Patient Details' });
    await expect(dialog.getByRole('heading', { name: 'Access History' })).toBeVisible();
    const entries = dialog.getByRole('list', { name: 'Access history' }).getByRole('listitem');
    // Newest first: the admin's own open, recorded before the record was shown.
    await expect(entries.first()).toContainText('Avery Admin (admin) · Opened the patient record');
    await expect(entries.first()).toContainText('127.0.0.1');
    await expect(entries.filter({ hasText: 'Taylor Technician (technician) · Opened the patient record' }).first()).toBeVisible();
    // One open, one entry: re-renders and React's development double effects record nothing more.
    expect(await technicianOpens()).toBe(opensBefore + 1);
  });

  test('opening a prescription in the queue shows in its patient\'s access history', async ({ page, request }) => {
    test.setTimeout(90_000);
    const pharmacy = await onboardPharmacyThroughApi(request);
    const admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
    const lastName = uniqueLastName('Alerted');
    const { data: patient, error: patientError } = await admin.from('patients')
      .insert({ first_name: 'Wren', last_name: lastName, date_of_birth: '1950-03-04', current_medications: ['Warfarin 5mg'], allergies: [] })
      .select('id').single();
    const { data: medication, error: medicationError } = await admin.from('medications')
      .insert({ name: 'Ibuprofen', generic_name: 'ibuprofen', strength: '800 mg', dosage_form: 'tablet', price: 9.99, stock: 500 })
      .select('id').single();
    if (patientError || medicationError) throw new Error((patientError ?? medicationError)!.message);
    const directions = `Take 1 tablet every 8 hours as needed (${lastName})`;
    const rx = await enterPrescriptionThroughApi(admin, {
      patientId: patient.id, medicationId: medication.id, prescriptionType: 'written', source: 'manual_entry',
      directions, quantity: '30', refills: '0', daysSupply: '10',
    });

    await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
    await page.goto('/prescriptions');
    const alertCard = page.getByRole('article').filter({ hasText: directions });
    await alertCard.getByRole('button', { name: 'Review Alert', exact: true }).click();
    const alertDialog = page.getByRole('dialog', { name: 'Drug Interaction Alert' });
    await expect(alertDialog).toBeVisible();
    await alertDialog.getByRole('button', { name: 'Close', exact: true }).click();

    await openPatients(page);
    const name = `Wren ${lastName}`;
    await rowOf(page, name).getByRole('button', { name: `View ${name}` }).click();
    const entries = page.getByRole('dialog', { name: 'Patient Details' }).getByRole('list', { name: 'Access history' }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Opened the patient record');
    await expect(entries.nth(1)).toContainText(`${pharmacy.adminFirstName} ${pharmacy.adminLastName} (admin) · Opened Prescription RX ${rx.rxNumber}`);
  });
});
