/**
 * /api/prescription-files (shared/src/api/prescription-files.ts) as the staff of fixture pharmacies: uploads posted
 * as multipart/form-data the way a scanner or fax gateway would (type decided by the bytes, empty and oversized files
 * refused, the same bytes twice a duplicate, nothing stored on refusal), the list (search, status, pages, the stats
 * from the database), processing (SCRIPT XML, an image with the browser's OCR, an image without it, unreadable
 * documents), corrections (audited) and the review, creating the prescription from a file through manual entry's door
 * (linked both ways), the files of a prescription, deleting (roles; a dispensed prescription's file is kept), Storage
 * (the bytes are there, another pharmacy reads nothing) and another pharmacy's files → 404.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreExtraction } from '../../shared/src/prescription-files/extraction-confidence.ts';
import { type PrescriptionFile, REVIEW_CONFIDENCE_THRESHOLD } from '../../shared/src/prescription-files/prescription-file.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';
import { insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let home: TestPharmacy;
let other: TestPharmacy;
let patientId: string;
let prescriberId: string;
let medicationId: string;

const FIXTURES = new URL('../fixtures/prescription-files/', import.meta.url);
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG-signed body made unique by `tag` (the server decides by the signature; OCR text comes beside it). */
function pngBytes(tag: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...PNG_MAGIC, ...new TextEncoder().encode(`IHDR test ${tag} ${Math.random()}`)]);
}

/** A SCRIPT 2017071 NewRx for the home pharmacy's patient, prescriber and drug. */
function newRx(tag: string, overrides: { npi?: string; ndc?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Message xmlns="http://www.ncpdp.org/schema/SCRIPT" DatatypesVersion="2017071" TransportVersion="2017071" TransactionDomain="SCRIPT" TransactionVersion="2017071" StructuresVersion="2017071" ECLVersion="2017071">
  <Header><To Qualifier="P">1234567</To><From Qualifier="C">9876543</From><MessageID>${tag}</MessageID><SentTime>2026-11-20T10:00:00Z</SentTime></Header>
  <Body><NewRx>
    <Patient><HumanPatient><Name><LastName>Filewright</LastName><FirstName>Nora</FirstName></Name><Gender>F</Gender>
      <DateOfBirth><Date>1970-02-03</Date></DateOfBirth>
      <Address><AddressLine1>12 Oak St</AddressLine1><City>Springfield</City><StateProvince>IL</StateProvince><PostalCode>62704</PostalCode><CountryCode>US</CountryCode></Address>
    </HumanPatient></Patient>
    <Prescriber><NonVeterinarian><Identification><NPI>${overrides.npi ?? '1598765430'}</NPI><DEANumber>BM3825417</DEANumber></Identification>
      <Name><LastName>Marquez</LastName><FirstName>Elena</FirstName></Name>
      <Address><AddressLine1>800 N Rutledge St</AddressLine1><City>Springfield</City><StateProvince>IL</StateProvince><PostalCode>62702</PostalCode><CountryCode>US</CountryCode></Address>
      <CommunicationNumbers><PrimaryTelephone><Number>2175550210</Number></PrimaryTelephone></CommunicationNumbers>
    </NonVeterinarian></Prescriber>
    <MedicationPrescribed>
      <DrugDescription>Allopurinol 300 mg tablet</DrugDescription>
      <DrugCoded><ProductCode><Code>${overrides.ndc ?? '16729002001'}</Code><Qualifier>ND</Qualifier></ProductCode>
        <Strength><StrengthValue>300</StrengthValue><StrengthForm><Code>C48542</Code></StrengthForm><StrengthUnitOfMeasure><Code>C28253</Code></StrengthUnitOfMeasure></Strength></DrugCoded>
      <Quantity><Value>90</Value><CodeListQualifier>38</CodeListQualifier><QuantityUnitOfMeasure><Code>C48542</Code></QuantityUnitOfMeasure></Quantity>
      <DaysSupply>90</DaysSupply>
      <WrittenDate><Date>2026-11-20</Date></WrittenDate>
      <Substitutions>0</Substitutions>
      <NumberOfRefills>3</NumberOfRefills>
      <Sig><SigText>Take 1 tablet by mouth once daily</SigText></Sig>
    </MedicationPrescribed>
  </NewRx></Body>
</Message>`;
}

async function accessToken(staff: SignedInStaff): Promise<string> {
  const { data } = await staff.client.auth.getSession();
  if (!data.session) throw new Error(`${staff.email} has no session`);
  return data.session.access_token;
}

interface Upload {
  status: number;
  body: PrescriptionFile & { error?: string; details?: { existing?: { id: string } } };
}

/** POSTs multipart/form-data as a scanner would: `file` plus the optional fields. */
async function upload(staff: SignedInStaff, bytes: Uint8Array | string, name: string, fields: Record<string, string> = {}, declaredType = 'application/octet-stream'): Promise<Upload> {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer> | string], { type: declaredType }), name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const env = stackEnv();
  const response = await fetch(`${env.apiUrl}/functions/v1/api/prescription-files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await accessToken(staff)}`, apikey: env.anonKey },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Upload['body'] };
}

function process(staff: SignedInStaff, id: string) {
  return callApi<PrescriptionFile & { error?: string }>(staff.client, `prescription-files/${id}/process`, { body: {} });
}

async function remove(staff: SignedInStaff, id: string) {
  const env = stackEnv();
  const response = await fetch(`${env.apiUrl}/functions/v1/api/prescription-files/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${await accessToken(staff)}`, apikey: env.anonKey },
  });
  return { status: response.status, body: (await response.json()) as { error?: string; deleted?: boolean } };
}

async function storedObjects(id: string): Promise<number> {
  const rows = await sql<{ n: string }>(`select count(*) as n from storage.objects where bucket_id = 'prescription-files' and name like '%' || $1`, [id]);
  return Number(rows[0]!.n);
}

const OCR = {
  text: [
    'Patient: Nora Filewright', 'DOB: 02/03/1970', 'Rx: Allopurinol 300 mg tablet', 'NDC: 16729-020-01', 'Qty: 90', 'Days Supply: 90',
    'Sig: Take 1 tablet by mouth once daily', 'Refills: 3', 'Prescriber: Dr. Elena Marquez', 'NPI: 1598765430', 'DEA: BM3825417', 'Date: 11/20/2026',
  ].join('\n'),
  confidence: 93,
  words: [{ text: 'Nora', confidence: 95 }, { text: 'Filewright', confidence: 91 }],
};

beforeAll(async () => {
  [home, other] = await Promise.all([createPharmacy('Files Home'), createPharmacy('Files Other')]);
  patientId = await insertRow(home.technician.client, 'patients', {
    first_name: 'Nora', last_name: 'Filewright', date_of_birth: '1970-02-03', allergies: [], current_medications: [],
  });
  prescriberId = await insertRow(home.technician.client, 'prescribers', {
    title: 'Dr.', first_name: 'Elena', last_name: 'Marquez', npi_number: '1598765430', dea_number: 'BM3825417',
  });
  medicationId = await insertRow(home.pharmacist.client, 'medications', {
    name: 'Allopurinol', generic_name: 'allopurinol', strength: '300 mg', dosage_form: 'tablet', ndc_number: '16729-020-01', price: 8.99, stock: 5000,
  });
}, 120_000);

afterAll(async () => {
  await closeSql();
});

describe('uploading', () => {
  it('decides the type by the bytes, stores the bytes under the pharmacy, and answers the Prescription file', async () => {
    const xml = await upload(home.technician, newRx('type-by-bytes'), 'scan.png', {}, 'image/png');
    expect(xml.status).toBe(201);
    expect(xml.body).toMatchObject({
      fileName: 'scan.png', fileType: 'application/xml', processingStatus: 'pending', receivedAs: 'electronic',
      extractionConfidence: null, manualReviewRequired: false, prescriptionId: null, storagePath: `${home.id}/${xml.body.id}`,
    });
    expect(await storedObjects(xml.body.id)).toBe(1);

    const fax = await upload(home.technician, pngBytes('fax'), 'fax.pdf', { receivedAs: 'fax' }, 'application/pdf');
    expect(fax.body).toMatchObject({ fileType: 'image/png', receivedAs: 'fax', hasOcr: false });
  });

  it('refuses what is not a prescription document, an empty file and more than 10 MB, storing nothing', async () => {
    const before = await sql<{ n: string }>('select count(*) as n from public.prescription_files where pharmacy_id = $1', [home.id]);
    const html = await upload(home.technician, '<html><body>Rx</body></html>', 'rx.xml', {}, 'application/xml');
    expect(html).toEqual({ status: 415, body: { error: 'The file is not a PDF, PNG, JPEG, NCPDP SCRIPT XML or SCRIPT EDIFACT document' } });
    const empty = await upload(home.technician, new Uint8Array(), 'empty.pdf');
    expect(empty).toEqual({ status: 400, body: { error: 'The file is empty' } });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const tooLarge = await upload(home.technician, big, 'big.pdf');
    expect(tooLarge).toEqual({ status: 413, body: { error: 'The file is larger than 10 MB' } });
    const noFile = await callApi<{ error: string }>(home.technician.client, 'prescription-files', { body: { file: 'x' } });
    expect(noFile).toEqual({ status: 400, body: { error: 'Request body must be multipart/form-data' } });
    const after = await sql<{ n: string }>('select count(*) as n from public.prescription_files where pharmacy_id = $1', [home.id]);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('reports the same bytes uploaded twice as a duplicate, naming the earlier file', async () => {
    const bytes = pngBytes('twice');
    const first = await upload(home.technician, bytes, 'first.png');
    const again = await upload(home.pharmacist, bytes, 'again.png');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This file was already uploaded');
    expect(again.body.details?.existing?.id).toBe(first.body.id);
    // Another pharmacy may receive the same fax: it is not their duplicate.
    const elsewhere = await upload(other.technician, bytes, 'first.png');
    expect(elsewhere.status).toBe(201);
  });

  it('refuses an unauthenticated upload and a link to another pharmacy\'s prescription', async () => {
    const form = new FormData();
    form.set('file', new Blob([pngBytes('anon') as Uint8Array<ArrayBuffer>]), 'anon.png');
    const env = stackEnv();
    const anonymous = await fetch(`${env.apiUrl}/functions/v1/api/prescription-files`, { method: 'POST', headers: { apikey: env.anonKey }, body: form });
    expect(anonymous.status).toBe(401);

    const theirs = await insertRow(other.technician.client, 'patients', { first_name: 'O', last_name: 'Ther', date_of_birth: '1980-01-01' });
    const theirDrug = await insertRow(other.pharmacist.client, 'medications', { name: 'Naproxen', strength: '500 mg', dosage_form: 'tablet', stock: 100 });
    const rx = await other.technician.client.from('prescriptions').insert({ patient_id: theirs, medication_id: theirDrug, quantity: 10, days_supply: 5, directions: 'Take 1' }).select('id').single();
    const linked = await upload(home.technician, pngBytes('link-other'), 'link.png', { prescriptionId: rx.data!.id });
    expect(linked).toEqual({ status: 404, body: { error: 'Prescription not found' } });
  });
});

describe('processing', () => {
  it('reads a SCRIPT NewRx: structured data, every check passing, processed with high confidence', async () => {
    const uploaded = await upload(home.technician, newRx('process-xml'), 'newrx.xml');
    const processed = await process(home.technician, uploaded.body.id);
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({
      processingStatus: 'processed', manualReviewRequired: false, sourceFormat: 'script-xml-2017071',
      matchedPatientId: patientId, matchedPrescriberId: prescriberId, matchedMedicationId: medicationId,
      patientData: { dateOfBirth: '1970-02-03' },
      drugData: { ndcNumber: '16729002001', quantity: 90, daysSupply: 90, refills: 3, directions: 'Take 1 tablet by mouth once daily', genericSubstitution: true },
      prescriberData: { npiNumber: '1598765430', deaNumber: 'BM3825417', dateSigned: '2026-11-20' },
    });
    expect(Number(processed.body.extractionConfidence)).toBeGreaterThanOrEqual(0.85);
    expect(processed.body.checks.every((check) => check.passed)).toBe(true);
    expect(processed.body.processedAt).not.toBeNull();

    const again = await process(home.technician, uploaded.body.id);
    expect(again).toEqual({ status: 409, body: { error: 'Only a pending file can be processed' } });
  });

  it('sends a file whose prescriber and drug are not on file to review, with the failed checks', async () => {
    const uploaded = await upload(home.technician, newRx('process-unknown', { npi: '1234567893', ndc: '00093172101' }), 'unknown.xml');
    const processed = await process(home.technician, uploaded.body.id);
    expect(processed.body).toMatchObject({ processingStatus: 'manual_review', manualReviewRequired: true, matchedPrescriberId: null, matchedMedicationId: null });
    expect(processed.body.checks).toContainEqual({ check: 'prescriber-matched', passed: false, detail: 'No prescriber on file has NPI 1234567893' });
    expect(processed.body.checks).toContainEqual({ check: 'ndc-in-catalog', passed: false, detail: 'NDC 00093172101 is not in the catalog' });
  });

  it('decides Review Required at the shared threshold, every check passing: OCR at 89 is 0.85 and processed, at 88 is 0.84 and reviewed', async () => {
    // The database applies the rule scoreExtraction mirrors (REVIEW_CONFIDENCE_THRESHOLD): this keeps the two equal.
    for (const [ocrConfidence, status] of [[89, 'processed'], [88, 'manual_review']] as const) {
      const uploaded = await upload(home.technician, pngBytes(`threshold-${ocrConfidence}`), `threshold-${ocrConfidence}.png`, { ocr: JSON.stringify({ ...OCR, confidence: ocrConfidence }) });
      const processed = await process(home.technician, uploaded.body.id);
      expect(processed.body.checks.every((check) => check.passed)).toBe(true);
      const expected = scoreExtraction({ sourceFormat: 'ocr', ocrConfidence, checks: processed.body.checks });
      expect(processed.body).toMatchObject({ processingStatus: status, extractionConfidence: expected.confidence.toFixed(2), manualReviewRequired: expected.manualReviewRequired });
      expect(Number(processed.body.extractionConfidence) >= REVIEW_CONFIDENCE_THRESHOLD).toBe(status === 'processed');
    }
  });

  it('reads an image through the OCR text the browser stored, and keeps an image without OCR pending', async () => {
    const withOcr = await upload(home.technician, pngBytes('ocr'), 'typed.png', { ocr: JSON.stringify(OCR) });
    expect(withOcr.body).toMatchObject({ hasOcr: true, ocrConfidence: 93 });
    const processed = await process(home.technician, withOcr.body.id);
    expect(processed.body).toMatchObject({
      sourceFormat: 'ocr', matchedPatientId: patientId, matchedPrescriberId: prescriberId, matchedMedicationId: medicationId,
      drugData: { quantity: 90, daysSupply: 90, refills: 3, ndcNumber: '16729002001' },
    });

    const withoutOcr = await upload(home.technician, pngBytes('no-ocr'), 'blank.png');
    const waiting = await process(home.technician, withoutOcr.body.id);
    expect(waiting).toEqual({ status: 409, body: { error: 'This image has no recognised text yet: open it on a terminal to read it (OCR), then process it' } });
    const saved = await callApi<PrescriptionFile>(home.technician.client, `prescription-files/${withoutOcr.body.id}`, { method: 'PUT', body: { ocr: OCR } });
    expect(saved.body.hasOcr).toBe(true);
    expect((await process(home.technician, withoutOcr.body.id)).body.processingStatus).not.toBe('pending');
  });

  it('marks a document nothing could be read from as error with the reason', async () => {
    const broken = await upload(home.technician, '<?xml version="1.0"?><Message><Body><NewRx><Patient>', 'broken.xml');
    const processed = await process(home.technician, broken.body.id);
    expect(processed.body.processingStatus).toBe('error');
    expect(processed.body.errorReason).toEqual(expect.any(String));
    expect(processed.body.extractionConfidence).toBeNull();

    const laughs = `<?xml version="1.0"?><!DOCTYPE Message [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Message>&b;</Message>`;
    const bomb = await upload(home.technician, laughs, 'laughs.xml');
    if (bomb.status === 201) {
      const refused = await process(home.technician, bomb.body.id);
      expect(refused.body.processingStatus).toBe('error');
    } else {
      expect(bomb.status).toBe(415);
    }
  });
});

describe('review, prescription and the list', () => {
  it('audits corrections, turns a reviewed file into a prescription through manual entry\'s door, linked both ways', async () => {
    const uploaded = await upload(home.technician, newRx('create-rx', { npi: '1234567893' }), 'create.xml');
    await process(home.technician, uploaded.body.id);
    const early = await callApi<{ error: string }>(home.technician.client, `prescription-files/${uploaded.body.id}/prescription`, {
      body: { patientId, medicationId, prescriptionType: 'electronic', directions: 'Take 1 tablet by mouth once daily', quantity: 90, daysSupply: 90, refills: 3 },
    });
    expect(early).toEqual({ status: 409, body: { error: 'A prescription is entered from a processed or reviewed file: process or review it first' } });

    const corrected = await callApi<PrescriptionFile>(home.technician.client, `prescription-files/${uploaded.body.id}`, {
      method: 'PUT', body: { prescriberData: { ...uploaded.body.prescriberData, name: 'Elena Marquez', npiNumber: '1598765430' }, reviewed: true },
    });
    expect(corrected.body).toMatchObject({ processingStatus: 'processed', manualReviewRequired: false, prescriberData: { npiNumber: '1598765430' } });
    expect(corrected.body.reviewedAt).not.toBeNull();
    const audit = await sql<{ action: string }>(
      `select action from public.audit_log where entity_type = 'prescription_file' and entity_id = $1 order by created_at`, [uploaded.body.id]);
    expect(audit.map((row) => row.action)).toEqual(['prescription_file_uploaded', 'prescription_file_processed', 'prescription_file_corrected', 'prescription_file_reviewed']);

    const created = await callApi<{ id: string; status: string; prescriptionType: string; prescriptionFileId: string }>(
      home.technician.client, `prescription-files/${uploaded.body.id}/prescription`, {
        body: { patientId, medicationId, prescriberId, prescriptionType: 'electronic', directions: 'Take 1 tablet by mouth once daily', quantity: 90, daysSupply: 90, refills: 3 },
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', prescriptionType: 'electronic', prescriptionFileId: uploaded.body.id });
    const ofPrescription = await callApi<{ files: PrescriptionFile[] }>(home.pharmacist.client, `prescription-files/${created.body.id}`);
    expect(ofPrescription.body.files.map((file) => [file.id, file.prescriptionId])).toEqual([[uploaded.body.id, created.body.id]]);

    const twice = await callApi<{ error: string }>(home.technician.client, `prescription-files/${uploaded.body.id}/prescription`, {
      body: { patientId, medicationId, prescriptionType: 'electronic', directions: 'Take 1', quantity: 90, daysSupply: 90, refills: 3 },
    });
    expect(twice).toEqual({ status: 409, body: { error: 'A prescription was already entered from this file' } });

    // Deleting: a technician may not remove a linked file; once dispensed, nobody may.
    const byTechnician = await remove(home.technician, uploaded.body.id);
    expect(byTechnician).toEqual({ status: 403, body: { error: 'Only a pharmacist or admin can delete a file linked to a prescription' } });
    for (const [staff, to] of [[home.technician, 'processing'], [home.pharmacist, 'ready'], [home.technician, 'completed']] as const) {
      expect((await movePrescription(staff.client, created.body.id, to)).error).toBeNull();
    }
    const dispensed = await remove(home.admin, uploaded.body.id);
    expect(dispensed).toEqual({ status: 409, body: { error: 'This file belongs to a prescription that was dispensed; dispensing records must be retained, so it cannot be deleted' } });
    expect(await storedObjects(uploaded.body.id)).toBe(1);

    // A file merely linked to the dispensed prescription cannot be unlinked (and then deleted) either.
    const scan = await upload(home.technician, pngBytes('linked-scan'), 'back-of-rx.png', { prescriptionId: created.body.id });
    expect(scan.body.prescriptionId).toBe(created.body.id);
    const unlink = await callApi<{ error: string }>(home.admin.client, `prescription-files/${scan.body.id}`, { method: 'PUT', body: { prescriptionId: null } });
    expect(unlink).toEqual({ status: 409, body: { error: 'This file belongs to a prescription that was dispensed; dispensing records must be retained, so it stays linked' } });
    expect((await remove(home.admin, scan.body.id)).status).toBe(409);
  });

  it('lets only a pharmacist or admin move a linked file, and stores OCR text without the characters the database cannot hold', async () => {
    const other = await insertRow(home.technician.client, 'patients', { first_name: 'Link', last_name: 'Moved', date_of_birth: '1990-01-01' });
    const rx = await home.technician.client.from('prescriptions')
      .insert({ patient_id: other, medication_id: medicationId, quantity: 10, days_supply: 5, directions: 'Take 1 daily' }).select('id').single();
    const ocr = { ...OCR, text: `${OCR.text}\u0000\ud800`, words: [{ text: 'Nora\u0000', confidence: 95 }] };
    const linked = await upload(home.technician, pngBytes('move-link'), 'moved.png', { prescriptionId: rx.data!.id, ocr: JSON.stringify(ocr) });
    expect(linked.status).toBe(201);
    const [stored] = await sql<{ ocr_text: string }>('select ocr_text from public.prescription_files where id = $1', [linked.body.id]);
    expect(stored!.ocr_text).toBe(OCR.text);
    const byTechnician = await callApi<{ error: string }>(home.technician.client, `prescription-files/${linked.body.id}`, { method: 'PUT', body: { prescriptionId: null } });
    expect(byTechnician).toEqual({ status: 403, body: { error: 'Only a pharmacist or admin can move a file linked to a prescription' } });
    const byPharmacist = await callApi<PrescriptionFile>(home.pharmacist.client, `prescription-files/${linked.body.id}`, { method: 'PUT', body: { prescriptionId: null } });
    expect(byPharmacist.body.prescriptionId).toBeNull();
  });

  it('deletes an unlinked file and its bytes, with the toast\'s sentence left to the screen', async () => {
    const uploaded = await upload(home.technician, pngBytes('delete'), 'delete-me.png');
    expect(await storedObjects(uploaded.body.id)).toBe(1);
    expect(await remove(home.technician, uploaded.body.id)).toEqual({ status: 200, body: { id: uploaded.body.id, deleted: true } });
    expect(await storedObjects(uploaded.body.id)).toBe(0);
    expect(await remove(home.technician, uploaded.body.id)).toEqual({ status: 404, body: { error: 'Prescription file not found' } });
  });

  it('lists a page with search and status, the stats from the database, and hides another pharmacy\'s files', async () => {
    const list = await callApi<{ files: PrescriptionFile[]; stats: Record<string, number | null>; nextCursor: string | null }>(
      home.technician.client, 'prescription-files?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.files).toHaveLength(2);
    expect(list.body.nextCursor).not.toBeNull();
    const counted = await sql<{ status: string; n: string }>(
      'select processing_status as status, count(*) as n from public.prescription_files where pharmacy_id = $1 group by 1', [home.id]);
    const count = (status: string) => Number(counted.find((row) => row.status === status)?.n ?? 0);
    expect(list.body.stats).toMatchObject({ pending: count('pending'), processed: count('processed'), manualReview: count('manual_review'), error: count('error') });
    expect(list.body.stats.averageConfidence).toEqual(expect.any(Number));

    const next = await callApi<{ files: PrescriptionFile[] }>(home.technician.client, `prescription-files?limit=2&after=${encodeURIComponent(list.body.nextCursor!)}`);
    expect(next.body.files.map((file) => file.id)).not.toContain(list.body.files[0]!.id);

    const byPatient = await callApi<{ files: PrescriptionFile[] }>(home.technician.client, 'prescription-files?search=filewright&status=processed');
    expect(byPatient.body.files.length).toBeGreaterThan(0);
    expect(byPatient.body.files.every((file) => file.processingStatus === 'processed' && file.patientData.name?.toLowerCase().includes('filewright'))).toBe(true);
    const byName = await callApi<{ files: PrescriptionFile[] }>(home.technician.client, 'prescription-files?search=DELETE-ME');
    expect(byName.body.files).toEqual([]);

    const mine = list.body.files[0]!;
    const theirs = await callApi<{ files: PrescriptionFile[] }>(other.technician.client, 'prescription-files?limit=100');
    expect(theirs.body.files.map((file) => file.id)).not.toContain(mine.id);
    expect(await process(other.technician, mine.id)).toEqual({ status: 404, body: { error: 'Prescription file not found' } });
    expect((await remove(other.admin, mine.id)).status).toBe(404);
    const put = await callApi<{ error: string }>(other.admin.client, `prescription-files/${mine.id}`, { method: 'PUT', body: { reviewed: true } });
    expect(put).toEqual({ status: 404, body: { error: 'Prescription file not found' } });
    const download = await other.admin.client.storage.from('prescription-files').download(mine.storagePath);
    expect(download.data).toBeNull();
    const mineDownload = await home.technician.client.storage.from('prescription-files').download(mine.storagePath);
    expect(mineDownload.data?.size).toBe(mine.fileSize);
  });

  it('keeps the table closed to direct writes: every change goes through the api\'s functions', async () => {
    const direct = await home.admin.client.from('prescription_files').update({ processing_status: 'processed' }).eq('pharmacy_id', home.id).select('id');
    expect(direct.error?.code).toBe('42501');
    const inserted = await home.admin.client.from('prescription_files').insert({ file_name: 'x.pdf', file_type: 'application/pdf', file_size: 1, sha256: 'a'.repeat(64), storage_path: 'x' });
    expect(inserted.error?.code).toBe('42501');
    const deleted = await home.admin.client.from('prescription_files').delete().eq('pharmacy_id', home.id);
    expect(deleted.error?.code).toBe('42501');
    const counters = await home.admin.client.from('prescription_file_counters').update({ files: 0 }).eq('pharmacy_id', home.id);
    expect(counters.error?.code).toBe('42501');
    // Reading is by pharmacy: another pharmacy's staff see none of these rows or counters.
    const read = await other.admin.client.from('prescription_files').select('id').eq('pharmacy_id', home.id);
    expect(read.data).toEqual([]);
    const theirCounters = await other.admin.client.from('prescription_file_counters').select('files').eq('pharmacy_id', home.id);
    expect(theirCounters.data).toEqual([]);
    const objectWrite = await home.admin.client.storage.from('prescription-files').upload(`${home.id}/${crypto.randomUUID()}`, new Blob(['x']));
    expect(objectWrite.error).not.toBeNull();
    // What the api decides (type by bytes, hash, the confidence and checks) is not the client's to claim.
    const registered = await home.admin.client.rpc('register_prescription_file', {
      actor: home.admin.id, file_id: crypto.randomUUID(), name: 'forged.pdf', detected_type: 'application/pdf', size: 1, digest: 'b'.repeat(64),
    });
    expect(registered.error?.code).toBe('42501');
    const [pending] = await sql<{ id: string }>(`select id from public.prescription_files where pharmacy_id = $1 and processing_status = 'pending' limit 1`, [home.id]);
    const recorded = await home.admin.client.rpc('record_prescription_file_processing', {
      actor: home.admin.id, file_id: pending!.id, outcome: { sourceFormat: 'ocr', confidence: 1, checks: [] },
    });
    expect(recorded.error?.code).toBe('42501');
    // Nobody removes a stored object directly: its bytes go only after the database let its row go.
    const mine = await home.admin.client.from('prescription_files').select('storage_path').limit(1).single();
    await home.admin.client.storage.from('prescription-files').remove([mine.data!.storage_path as string]);
    const [stillStored] = await sql<{ n: string }>(`select count(*) as n from storage.objects where bucket_id = 'prescription-files' and name = $1`, [mine.data!.storage_path]);
    expect(stillStored!.n).toBe('1');
  });

  it('processes a fixture of every format: SCRIPT 10.6 and 2017071 XML, SCRIPT EDIFACT, a PDF with a text layer', async () => {
    for (const name of ['newrx-10_6.xml', 'newrx-2017071.xml', 'newrx-10_6.edi', 'prescription-text.pdf']) {
      const uploaded = await upload(home.technician, readFileSync(new URL(name, FIXTURES)), name);
      expect(uploaded.status, name).toBe(201);
      const processed = await process(home.technician, uploaded.body.id);
      expect(processed.body.processingStatus, name).not.toBe('error');
      expect(processed.body.drugData.ndcNumber, name).toMatch(/^\d{11}$/);
    }
  });
});
