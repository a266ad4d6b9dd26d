/**
 * Settings that act on printing (issue 12): the pharmacy's Printing group changes the label POST
 * /api/labels/generate prints (size, labels per page, barcode, logo from Storage `pharmacy-logos/<pharmacy>/logo`);
 * Test Print All Labels (GET /api/labels/test-print) prints every label type marked TEST with sample text; the
 * monograph settings print a patient-information sheet built from the drug knowledge base or from the custom
 * monograph of the Labels group — in the format chosen, with the label or alone (POST /api/labels/monograph) —
 * and nothing when they are off; the patient's choice only where the pharmacy offers it. Settings are written as
 * the pharmacy's admin through supabase-js (RLS lets admins write pharmacy_settings); staff print with them.
 * Also public.medication_knowledge, allowed and denied.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code128Svg } from '../../shared/src/labels/code128.ts';
import { MONOGRAPH_CHOICE_OFF_MESSAGE, MONOGRAPH_PRINTING_OFF_MESSAGE } from '../../shared/src/labels/monograph.ts';
import { TEST_PRINT_MARK } from '../../shared/src/labels/test-print.ts';
import { LABELS_SETTINGS_DEFAULTS, type LabelsSettings, type MonographEntry } from '../../shared/src/settings/labels.ts';
import { PRINTING_SETTINGS_DEFAULTS, type PrintingSettings } from '../../shared/src/settings/printing.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createServiceClient, createTestClient, sql } from '../support/stack-env.ts';
import { type TestPharmacy, createPharmacy } from './db-fixtures.ts';
import { insertRow } from './db-clinical-support.ts';

afterAll(closeSql);

let home: TestPharmacy;
let other: TestPharmacy;
let simvastatinRx: { id: string; rxNumber: number };
let amoxicillinRx: { id: string; rxNumber: number };
let simvastatinId: string;
let amoxicillinId: string;

const PATIENT_FIRST = 'Rosalind';
const PATIENT_LAST = 'Labelperson';
// A 1 × 1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function enter(patientId: string, medicationId: string): Promise<{ id: string; rxNumber: number }> {
  const answer = await callApi<{ id: string; rxNumber: number }>(home.technician.client, 'prescriptions', {
    body: { prescriptionType: 'written', patientId, medicationId, directions: 'Take 1 tablet by mouth at bedtime', quantity: '30', refills: '1', daysSupply: '30' },
  });
  if (answer.status !== 201) throw new Error(`could not enter: ${JSON.stringify(answer.body)}`);
  const { id } = answer.body;
  for (const [client, status] of [[home.technician.client, 'processing'], [home.pharmacist.client, 'ready']] as const) {
    const { data, error } = await client.rpc('move_prescription', { prescription_id: id, to_status: status });
    if (error || !data.ok) throw new Error(error?.message ?? data.message);
  }
  return answer.body;
}

/** Saves a settings group as the admin, as the settings api will (one row per pharmacy and group). */
async function saveGroup(admin: SupabaseClient, groupKey: 'printing' | 'labels', settings: object): Promise<void> {
  const updated = await admin.from('pharmacy_settings').update({ settings }).eq('group_key', groupKey).select('group_key');
  if (updated.error) throw new Error(updated.error.message);
  if (updated.data.length > 0) return;
  const inserted = await admin.from('pharmacy_settings').insert({ group_key: groupKey, settings });
  if (inserted.error) throw new Error(inserted.error.message);
}

function printing(changes: Partial<PrintingSettings>): PrintingSettings {
  return { ...PRINTING_SETTINGS_DEFAULTS, ...changes };
}

async function label(prescriptionId: string, body: Record<string, unknown> = {}, client = home.technician.client): Promise<string> {
  const answer = await callApi<string>(client, 'labels/generate', { body: { prescriptionId, ...body } });
  if (answer.status !== 200) throw new Error(`label: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

beforeAll(async () => {
  [home, other] = await Promise.all([createPharmacy('Settings Label Home'), createPharmacy('Settings Label Other')]);
  const tech = home.technician.client;
  const patient = await insertRow(tech, 'patients', { first_name: PATIENT_FIRST, last_name: PATIENT_LAST, current_medications: [], allergies: [] });
  simvastatinId = await insertRow(home.pharmacist.client, 'medications', { name: 'Zocor', generic_name: 'simvastatin', strength: '20 mg', dosage_form: 'tablet', price: 9, stock: 100 });
  amoxicillinId = await insertRow(home.pharmacist.client, 'medications', { name: 'Amoxicillin', generic_name: 'amoxicillin', strength: '500 mg', price: 8.5, stock: 100 });
  simvastatinRx = await enter(patient, simvastatinId);
  amoxicillinRx = await enter(patient, amoxicillinId);
});

describe('label size, labels per page, barcode and logo', () => {
  it('prints today\'s 4 × 2.5 in label with its barcode and no logo while printing was never saved', async () => {
    const html = await label(simvastatinRx.id);
    expect(html).toContain('@page { size: 4in 2.5in;');
    expect(html).toContain(code128Svg(String(simvastatinRx.rxNumber), { moduleWidth: 1, height: 30, cssWidth: '2in', cssHeight: '0.3in' }));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('data-monograph-format');
  });

  it('follows the saved size, labels per page and barcode switch', async () => {
    await saveGroup(home.admin.client, 'printing', printing({ regularRxLabelSize: '4x6', regularRxLabelsPerPage: 2, regularRxPrintBarcode: false }));
    const html = await label(simvastatinRx.id);
    expect(html).toContain('@page { size: 4in 12in;');
    expect(html).toContain('data-label-size="4x6"');
    expect(html).toContain('data-labels-per-page="2"');
    expect(html.match(/data-empty-slot/g)).toHaveLength(1);
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('@page { size: 4in 2.5in;');
    // Another pharmacy's settings are its own: its label is still the default one.
    await saveGroup(other.admin.client, 'printing', printing({ regularRxLabelSize: '2x4' }));
    expect(await label(simvastatinRx.id)).toContain('data-label-size="4x6"');
  });

  it('embeds the pharmacy logo when the setting is on and a logo exists; no image when none exists', async () => {
    await saveGroup(home.admin.client, 'printing', printing({ regularRxPrintLogo: true }));
    expect(await label(simvastatinRx.id)).not.toContain('<img');

    await sql(`insert into storage.buckets (id, name, public) values ('pharmacy-logos', 'pharmacy-logos', false) on conflict (id) do nothing`);
    const upload = await createServiceClient().storage.from('pharmacy-logos').upload(`${home.id}/logo`, PNG, { contentType: 'image/png', upsert: true });
    expect(upload.error).toBeNull();
    const html = await label(simvastatinRx.id);
    expect(html).toContain(`<img class="logo" data-field="logo" alt="" src="data:image/png;base64,${PNG.toString('base64')}">`);

    await saveGroup(home.admin.client, 'printing', printing({ regularRxPrintLogo: false }));
    expect(await label(simvastatinRx.id)).not.toContain('<img');
  });
});

describe('GET /api/labels/test-print', () => {
  it('prints every label type marked TEST, with the saved sizes and no patient data', async () => {
    await saveGroup(home.admin.client, 'printing', printing({ regularRxLabelSize: '3x5', robotLabelsPerPage: 6, shippingLabelSize: '4x8' }));
    const answer = await callApi<string>(home.admin.client, 'labels/test-print');
    expect(answer.status).toBe(200);
    const html = answer.body;
    for (const type of ['regular-rx', 'shipping', 'robot', 'facility']) expect(html).toContain(`data-label-type="${type}"`);
    expect(html).toContain('@page regular-rx { size: 3in 5in;');
    expect(html).toContain('@page shipping { size: 4in 8in;');
    expect(html).toContain('@page robot { size: 4in 3in;');
    // Regular 1 + shipping 1 + robot 6 + facility 2, each marked.
    expect(html.match(new RegExp(TEST_PRINT_MARK, 'g'))).toHaveLength(10);
    expect(html).toContain('Settings Label Home');
    expect(html).not.toContain(PATIENT_LAST);
    expect(html).not.toContain(PATIENT_FIRST);
  });

  it('needs a signed-in staff member', async () => {
    const answer = await callApi<{ error: string }>(createTestClient(), 'labels/test-print');
    expect(answer.status).toBe(401);
  });
});

describe('the patient-information sheet (monograph)', () => {
  it('prints nothing extra while monograph printing is off', async () => {
    await saveGroup(home.admin.client, 'printing', printing({ enableMonographPrinting: false, monographIntegration: 'with_rx_label', monographFormat: 'both' }));
    expect(await label(simvastatinRx.id)).not.toContain('data-monograph-format');
    const alone = await callApi<{ error: string }>(home.technician.client, 'labels/monograph', { body: { prescriptionId: simvastatinRx.id } });
    expect(alone).toEqual({ status: 409, body: { error: MONOGRAPH_PRINTING_OFF_MESSAGE } });
  });

  it('prints the short sheet from the knowledge base with the label, with its checklist, paper and font', async () => {
    await saveGroup(home.admin.client, 'printing', printing({
      enableMonographPrinting: true, monographIntegration: 'with_rx_label', monographFormat: 'short', monographFontSize: 12, monographPaperSize: 'legal',
      shortMonographContent: { ...PRINTING_SETTINGS_DEFAULTS.shortMonographContent, includeStorage: false, maxCharacters: 1000 },
    }));
    const html = await label(simvastatinRx.id);
    expect(html.match(/data-monograph-format="/g)).toHaveLength(1);
    expect(html).toContain('data-monograph-format="short" data-monograph-source="drug_database" data-font-size="12" data-paper-size="legal"');
    expect(html).toContain('@page monograph { size: 8.5in 14in;');
    // From the knowledge base: simvastatin's class and its severe interaction with strong CYP3A4 inhibitors.
    expect(html).toContain('Zocor (simvastatin) belongs to these groups of medicines:');
    expect(html).toContain('Statins');
    expect(html).toContain('Do not take with Strong CYP3A4 inhibitors unless your prescriber says so');
    // From the prescription record.
    expect(html).toContain('Take it exactly as your label says: Take 1 tablet by mouth at bedtime.');
    expect(html).toContain('data-section="warnings"');
    expect(html).not.toContain('data-section="storage"');
    expect(html).toContain(`Rx# ${simvastatinRx.rxNumber}`);
  });

  it('prints both formats when the format is both, the long one with its interactions', async () => {
    await saveGroup(home.admin.client, 'printing', printing({ enableMonographPrinting: true, monographIntegration: 'with_rx_label', monographFormat: 'both' }));
    const html = await label(simvastatinRx.id);
    expect(html).toContain('data-monograph-format="short"');
    expect(html).toContain('data-monograph-format="long"');
    expect(html).toContain('data-section="interactions"');
    expect(html).toContain('data-section="pharmacokinetics"');
  });

  it("prints the pharmacist's custom monograph for its drug, in the formats its entry turns on", async () => {
    const custom: MonographEntry = {
      drugId: amoxicillinId, drugName: 'Amoxicillin', genericName: 'amoxicillin', source: 'custom', lastUpdated: '2026-11-20',
      shortMonographEnabled: false, longMonographEnabled: true, shortText: '', longText: 'Finish every dose of this antibiotic.\n\nOur pharmacist wrote this <sheet>.',
    };
    const labels: LabelsSettings = { ...LABELS_SETTINGS_DEFAULTS, monographs: [custom] };
    await saveGroup(home.admin.client, 'labels', labels);
    const html = await label(amoxicillinRx.id);
    expect(html).toContain('data-monograph-format="long" data-monograph-source="custom"');
    expect(html).not.toContain('data-monograph-format="short"');
    expect(html).toContain('<p>Finish every dose of this antibiotic.</p>');
    expect(html).toContain('Our pharmacist wrote this &lt;sheet&gt;.');
    // The other drug has no entry: the group's format (both) from the knowledge base.
    expect(await label(simvastatinRx.id)).toContain('data-monograph-format="short" data-monograph-source="drug_database"');
  });

  it('prints the sheet alone, not with the label, when integration is separate', async () => {
    await saveGroup(home.admin.client, 'printing', printing({ enableMonographPrinting: true, monographIntegration: 'separate', monographFormat: 'short' }));
    expect(await label(simvastatinRx.id)).not.toContain('data-monograph-format');
    const alone = await callApi<string>(home.technician.client, 'labels/monograph', { body: { prescriptionId: simvastatinRx.id } });
    expect(alone.status).toBe(200);
    expect(alone.body).toContain('data-monograph-format="short" data-monograph-source="drug_database"');
    expect(alone.body).not.toContain('class="label"');
    const foreign = await callApi<{ error: string }>(other.technician.client, 'labels/monograph', { body: { prescriptionId: simvastatinRx.id } });
    expect(foreign).toEqual({ status: 404, body: { error: 'Prescription not found' } });
  });

  it("takes the patient's choice only where the pharmacy offers it", async () => {
    await saveGroup(home.admin.client, 'printing', printing({ enableMonographPrinting: true, monographIntegration: 'with_rx_label', monographFormat: 'short' }));
    const refused = await callApi<{ error: string }>(home.technician.client, 'labels/generate', { body: { prescriptionId: simvastatinRx.id, monograph: 'long' } });
    expect(refused).toEqual({ status: 400, body: { error: MONOGRAPH_CHOICE_OFF_MESSAGE } });

    await saveGroup(home.admin.client, 'printing', printing({ enableMonographPrinting: true, monographIntegration: 'with_rx_label', monographFormat: 'short', allowPatientMonographChoice: true }));
    const chosen = await label(simvastatinRx.id, { monograph: 'long' });
    expect(chosen).toContain('data-monograph-format="long"');
    expect(chosen).not.toContain('data-monograph-format="short"');
    expect(await label(simvastatinRx.id, { monograph: 'none' })).not.toContain('data-monograph-format');
    const bad = await callApi<{ error: string }>(home.technician.client, 'labels/generate', { body: { prescriptionId: simvastatinRx.id, monograph: 'huge' } });
    expect(bad.status).toBe(400);
  });
});

describe('public.medication_knowledge', () => {
  it("gives the knowledge base's facts about a medication of the caller's pharmacy", async () => {
    const { data, error } = await home.technician.client.rpc('medication_knowledge', { knowledge_medication_id: simvastatinId });
    expect(error).toBeNull();
    expect(data.generics).toEqual(['simvastatin']);
    expect(data.classes.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['statins', 'cyp3a4_statins']));
    expect(data.interactions.length).toBeGreaterThan(0);
    expect(data.interactions[0].severity).toBe('severe');
    const amoxicillin = await home.pharmacist.client.rpc('medication_knowledge', { knowledge_medication_id: amoxicillinId });
    expect(amoxicillin.data.allergyGroups.map((g: { id: string }) => g.id)).toContain('penicillins');
  });

  it("gives nothing for another pharmacy's medication and refuses anonymous callers", async () => {
    const foreign = await other.admin.client.rpc('medication_knowledge', { knowledge_medication_id: simvastatinId });
    expect(foreign).toMatchObject({ data: null, error: null });
    const anonymous = await createTestClient().rpc('medication_knowledge', { knowledge_medication_id: simvastatinId });
    expect(anonymous.error?.code).toBe('42501');
  });
});
