/**
 * The Printing settings in the print flow, in a pharmacy of its own (the demo pharmacy's label specs print
 * without questions): with monograph printing on, the patient allowed to choose and the sheet printed
 * separately, the pharmacist's Print Label asks which patient information sheet the patient wants, prints the
 * label alone, then offers the sheet, which opens in a window of its own in the chosen format.
 */
import { expect, test } from '@playwright/test';
import { PRINTING_SETTINGS_DEFAULTS } from '../../shared/src/settings/printing.ts';
import { enterPrescriptionThroughApi, movePrescriptionAs, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

test('Print Label asks the patient\'s monograph choice and offers the separate sheet', async ({ page, request }) => {
  const team = await onboardPharmacyWithTeam(request);
  const admin = await staffClient(team.admin.email, team.admin.password);
  const rph = await staffClient(team.pharmacist.email, team.pharmacist.password);
  const saved = await admin.from('pharmacy_settings').insert({
    group_key: 'printing',
    settings: { ...PRINTING_SETTINGS_DEFAULTS, enableMonographPrinting: true, monographIntegration: 'separate', allowPatientMonographChoice: true },
  });
  expect(saved.error).toBeNull();
  const patient = await rph.from('patients').insert({ first_name: 'Monica', last_name: 'Monograph', current_medications: [], allergies: [] }).select('id').single();
  const medication = await rph.from('medications').insert({ name: 'Zocor', generic_name: 'simvastatin', strength: '20 mg', price: 9, stock: 50 }).select('id').single();
  expect(patient.error ?? medication.error).toBeNull();
  const rx = await enterPrescriptionThroughApi(rph, {
    patientId: patient.data!.id, medicationId: medication.data!.id, prescriptionType: 'written', directions: 'Take 1 tablet at bedtime', quantity: '30', refills: '0', daysSupply: '30',
  });
  await movePrescriptionAs(rph, rx.id, 'processing');
  await movePrescriptionAs(rph, rx.id, 'ready');

  await signIn(page, team.pharmacist.email, team.pharmacist.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Labels' }).click();
  const item = page.getByRole('listitem', { name: `RX ${rx.rxNumber} for Monica Monograph` });
  await item.getByRole('button', { name: 'Print Label' }).click();

  const dialog = page.getByRole('dialog', { name: 'Patient Information' });
  await expect(dialog.getByRole('radio', { name: 'Short (1 page)' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Long (2-3 pages)' }).check();
  const labelOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Print Label' }).click();
  const label = await labelOpened;
  await expect(label.locator('body')).toContainText(`Rx# ${rx.rxNumber}`);
  await expect(label.locator('body')).not.toContainText('Patient Information:');
  await label.close();

  const sheetOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Print Patient Information' }).click();
  const sheet = await sheetOpened;
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText('Patient Information: Zocor 20 mg');
  await expect(sheet.locator('body')).toContainText(`Rx# ${rx.rxNumber} · Long (2-3 pages)`);
  await expect(sheet.locator('body')).toContainText('Statins');
  await expect(page.getByText('Patient information ready for printing')).toBeVisible();
  await expect(dialog).toBeHidden();
});
