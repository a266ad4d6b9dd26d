/**
 * GET /api/reports/:report (shared/src/api/reports.ts, edge-functions/api/routes/reports.ts): each report as JSON
 * (the contract's shape) and as a CSV download that parses back to the same rows; as a PDF (opened with pdf.js) and an
 * Excel workbook (unzipped, cells read) with the pharmacy's Reports settings (patient initials by default, names,
 * footer and logo once an admin turns them on, read for a pharmacist too; an SVG logo through its PNG print rendition); a bad range 400 with the schema's messages; signed out 401; a technician 403; an unknown report 404.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPharmacyLogoEndpoint } from '../../shared/src/api/pharmacy-logo.ts';
import { PHARMACY_LOGOS_BUCKET } from '../../shared/src/settings/pharmacy-logo.ts';
import { pharmacyLogoPrintPath } from '../../shared/src/settings/pharmacy-logo-print.ts';
import { REPORTS_SETTINGS_DEFAULTS } from '../../shared/src/settings/reports.ts';
import { XLSX_STYLES } from '../../shared/src/reports/report-xlsx.ts';
import { checkPdfXref, sheetCells, tinyPng, unzip } from '../support/report-files.ts';
import { parseWithSchema } from '../../shared/src/api/endpoint.ts';
import { asapFileSha256, readAsap } from '../../shared/src/reports/asap-pmp.ts';
import { REPORTS, REPORT_MESSAGES, reportSchema, reportCellText, type Report } from '../../shared/src/reports/report.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
const RANGE = 'from=2026-11-01&to=2026-11-30';

async function accessToken(staff: SignedInStaff): Promise<string> {
  const { data } = await staff.client.auth.getSession();
  return data.session!.access_token;
}

async function download(staff: SignedInStaff, path: string): Promise<Response> {
  return fetch(`${stackEnv().apiUrl}/functions/v1/api/${path}`, {
    headers: { Authorization: `Bearer ${await accessToken(staff)}`, apikey: stackEnv().anonKey },
  });
}

/** RFC 4180 lines back into cells (quoted fields with doubled quotes; CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (char === '"') quoted = false; else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') { row.push(cell); cell = ''; }
    else if (char === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i += 1; }
    else cell += char;
  }
  return rows;
}

beforeAll(async () => {
  a = await createPharmacy('Reports Api Pharmacy');
  const patientId = await insertRow(a.technician.client, 'patients', { first_name: 'Olive', last_name: 'O"Neil, Jr', date_of_birth: '1970-01-01', street_address: '5 Oak St', city: 'Austin', state: 'TX', zip_code: '73301' });
  const prescriberId = await insertRow(a.technician.client, 'prescribers', { first_name: 'Dora', last_name: 'Doctor', dea_number: 'BD1234563', npi_number: '1234567893' });
  for (const [name, schedule, price] of [['Lisinopril', null, 15], ['Lorazepam', 'IV', 18]] as const) {
    const medicationId = await insertRow(a.pharmacist.client, 'medications', {
      name, strength: '1 mg', dosage_form: 'tablet', ndc_number: schedule ? '00591-0240-01' : '00093-1111-01', package_size: 100, wac_price: 40, price, stock: 300, dea_schedule: schedule,
    });
    const fill = await enterPrescription(a.technician.client, { patientId, medicationId }, { quantity: 30, days_supply: 30, prescriber_id: prescriberId });
    expect((await a.technician.client.rpc('save_fill_billing', { prescription_id: fill.id, pay_with: 'cash' })).error).toBeNull();
    expect((await movePrescription(a.technician.client, fill.id, 'processing')).error).toBeNull();
    expect((await movePrescription(a.pharmacist.client, fill.id, 'ready')).error).toBeNull();
    // Paid at the counter: a cash fill earns what the patient paid for it (the report rollups' revenue rule).
    expect((await a.technician.client.rpc('record_patient_payment', { prescription_id: fill.id, amount_cents: price * 100, method: 'cash' })).error).toBeNull();
    await sql("update public.prescriptions set date_filled = '2026-11-10' where id = $1", [fill.id]);
  }
}, 120_000);

afterAll(closeSql);

describe('each report as JSON and as CSV', () => {
  it.each(REPORTS.map((name) => [name]))('%s', async (name) => {
    const json = await callApi<Report>(a.pharmacist.client, `reports/${name}?${RANGE}`);
    expect(json.status).toBe(200);
    expect(parseWithSchema(reportSchema, json.body)).toMatchObject({ success: true });
    expect(json.body).toMatchObject({ report: name, from: '2026-11-01', to: '2026-11-30' });

    const csv = await download(a.admin, `reports/${name}?${RANGE}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${name}-2026-11-01-to-2026-11-30.csv"`);
    const lines = parseCsv(await csv.text());
    expect(lines[0]).toEqual([`${json.body.title}, 2026-11-01 to 2026-11-30`]);
    expect(lines[1]).toEqual(json.body.columns.map((column) => column.kind === 'cents' ? `${column.label} ($)` : column.kind === 'percent' ? `${column.label} (%)` : column.label));
    // The main table's rows, money in dollars, exactly as the JSON's.
    expect(lines.slice(2, 2 + json.body.rows.length)).toEqual(
      json.body.rows.map((row) => json.body.columns.map((column) => reportCellText(row[column.key], column.kind))));
  });

  it('the figures: two cash fills on 2026-11-10, one of them Schedule IV', async () => {
    const sales = (await callApi<Report>(a.pharmacist.client, `reports/sales?${RANGE}`)).body;
    expect(sales.rows).toHaveLength(30);
    expect(sales.rows.find((row) => row.day === '2026-11-10')).toMatchObject({ fills: 2, cashCents: 3300, revenueCents: 3300, costCents: 2400 });
    const csv = parseCsv(await (await download(a.pharmacist, `reports/sales?${RANGE}&format=csv`)).text());
    expect(csv.find((line) => line[0] === '2026-11-10')).toEqual(['2026-11-10', '2', '2', '0', '33.00', '0.00', '0.00', '33.00', '24.00', '9.00', '27.3']);
    const controlled = (await callApi<Report>(a.pharmacist.client, `reports/controlled-substances?${RANGE}`)).body;
    expect(controlled.rows).toEqual([expect.objectContaining({ drug: 'Lorazepam 1 mg', prescriberDea: 'BD1234563', patientName: 'O"Neil, Jr, Olive', patientAddress: '5 Oak St, Austin, TX 73301' })]);
    // A name with a quote and commas survives the CSV.
    const log = parseCsv(await (await download(a.pharmacist, `reports/controlled-substances?${RANGE}&format=csv`)).text());
    expect(log[2]).toContain('O"Neil, Jr, Olive');
  });
});

describe('the PMP file (ASAP 4.2)', () => {
  it('answers the range\'s controlled fills as the state\'s file, records it, and sends them again as revisions', async () => {
    const first = await download(a.pharmacist, `reports/pmp?${RANGE}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/plain; charset=us-ascii');
    expect(first.headers.get('content-disposition')).toMatch(/^attachment; filename="pmp-\w+-2026-11-01-to-2026-11-30\.txt"$/);
    const text = await first.text();
    const segments = readAsap(text);
    expect(segments[0]).toMatchObject({ id: 'TH', elements: expect.arrayContaining(['4.2']) });
    expect(segments.at(-1)!.id).toBe('TT');
    expect(segments.at(-1)!.elements[1]).toBe(String(segments.length));
    // Only the Schedule IV fill (Lorazepam, NDC 00591-0240-01), reported new; the patient's last and first names.
    const dispensings = segments.filter((segment) => segment.id === 'DSP');
    expect(dispensings).toHaveLength(1);
    expect(dispensings[0]!.elements[0]).toBe('00');
    expect(dispensings[0]!.elements).toContain('00591024001');
    expect(segments.find((segment) => segment.id === 'PAT')!.elements.join('*')).toContain('O"Neil, Jr*Olive');
    const [submission] = await sql<{ fill_count: number; file_sha256: string }>(
      'select fill_count, file_sha256 from public.pmp_submissions where pharmacy_id = $1', [a.id]);
    expect(submission).toEqual({ fill_count: 1, file_sha256: await asapFileSha256(text) });

    const again = readAsap(await (await download(a.admin, `reports/pmp?${RANGE}`)).text());
    expect(again.filter((segment) => segment.id === 'DSP').map((segment) => segment.elements[0])).toEqual(['01']);
  });

  it('a technician may not write it (403); nothing is recorded', async () => {
    const before = await sql<{ n: number }>('select count(*)::int as n from public.pmp_submissions where pharmacy_id = $1', [a.id]);
    expect((await callApi(a.technician.client, `reports/pmp?${RANGE}`)).status).toBe(403);
    expect(await sql('select count(*)::int as n from public.pmp_submissions where pharmacy_id = $1', [a.id])).toEqual(before);
  });
});

describe('PDF and Excel files', () => {
  async function pdfText(response: Response): Promise<{ bytes: Buffer; text: string }> {
    const bytes = Buffer.from(await response.arrayBuffer());
    const document = await getDocumentProxy(new Uint8Array(bytes));
    return { bytes, text: (await extractText(document, { mergePages: true })).text };
  }

  it('the controlled log as a PDF: the fill, initials for the patient by default, the xref exact', async () => {
    const answer = await download(a.pharmacist, `reports/controlled-substances?${RANGE}&format=pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="controlled-substances-2026-11-01-to-2026-11-30.pdf"');
    const { bytes, text } = await pdfText(answer);
    checkPdfXref(bytes);
    expect(text).toContain('Controlled Substance Log \u2014 Reports Api Pharmacy');
    expect(text).toContain('Lorazepam 1 mg');
    expect(text).toContain('BD1234563');
    expect(text).toContain('O.O.');
    expect(text).not.toContain('Olive');
    expect(text).toMatch(/Page 1 of\s*1/);
  });

  it('the sales report as a PDF and as a workbook: the day\'s figures and the totals', async () => {
    const { text } = await pdfText(await download(a.pharmacist, `reports/sales?${RANGE}&format=pdf`));
    expect(text).toContain('11/10/2026 2 2 0 $33.00 $0.00 $0.00 $33.00 $24.00 $9.00 27.3%');
    expect(text).toMatch(/Total 2 2 0 \$33\.00/);

    const answer = await download(a.pharmacist, `reports/sales?${RANGE}&format=xlsx`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="sales-2026-11-01-to-2026-11-30.xlsx"');
    const files = unzip(Buffer.from(await answer.arrayBuffer()));
    expect([...files.keys()]).toContain('xl/worksheets/sheet3.xml'); // by payer, by drug
    const cells = sheetCells(files.get('xl/worksheets/sheet1.xml')!);
    // Row 3 is 2026-11-01; the 10th is row 12: revenue (H) 33 dollars in the money style.
    expect(cells.find((cell) => cell.ref === 'B12')).toMatchObject({ value: '2', type: null });
    expect(cells.find((cell) => cell.ref === 'H12')).toMatchObject({ value: '33', style: XLSX_STYLES.money });
  });

  it('follows the Reports settings an admin saved: names, footer and the logo, for a pharmacist too', async () => {
    const png = tinyPng(4, 2, 2, [0, 128, 255]);
    const uploaded = await callApi(a.admin.client, uploadPharmacyLogoEndpoint.path.replace(/^\/api\//, ''), {
      method: 'POST', body: { contentType: 'image/png', dataBase64: png.toString('base64') },
    });
    expect(uploaded.status).toBe(200);
    const saved = await callApi(a.admin.client, 'system-settings/reports', {
      method: 'PUT',
      body: { ...REPORTS_SETTINGS_DEFAULTS, includePatientNames: true, reportFooterText: 'Reports Api footer', includePharmacyLogo: true, pharmacyLogoEnabled: true, includeTimestamp: false },
    });
    expect(saved.status).toBe(200);
    const { bytes, text } = await pdfText(await download(a.pharmacist, `reports/controlled-substances?${RANGE}&format=pdf`));
    expect(text).toContain('O"Neil, Jr, Olive');
    expect(text).toContain('Reports Api footer');
    expect(text).not.toContain('Generated');
    expect(bytes.toString('latin1')).toContain('/Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceRGB');
    checkPdfXref(bytes);
    const workbook = unzip(Buffer.from(await (await download(a.pharmacist, `reports/controlled-substances?${RANGE}&format=xlsx`)).arrayBuffer()));
    expect(sheetCells(workbook.get('xl/worksheets/sheet1.xml')!).map((cell) => cell.value)).toContain('O"Neil, Jr, Olive');
  });

  it("prints an SVG logo through its PNG print rendition, and the name alone while there is none", async () => {
    // The settings of the test above print the logo; an SVG replaces the PNG (the api removes any old rendition).
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 6 3"><rect width="6" height="3" fill="#0a7"/></svg>';
    const uploaded = await callApi(a.admin.client, uploadPharmacyLogoEndpoint.path.replace(/^\/api\//, ''), {
      method: 'POST', body: { contentType: 'image/svg+xml', dataBase64: Buffer.from(svg).toString('base64') },
    });
    expect(uploaded.status).toBe(200);
    const withoutRendition = await pdfText(await download(a.pharmacist, `reports/controlled-substances?${RANGE}&format=pdf`));
    expect(withoutRendition.text).toContain('Reports Api Pharmacy');
    expect(withoutRendition.bytes.toString('latin1')).not.toContain('/Subtype /Image /Width');
    checkPdfXref(withoutRendition.bytes);

    // What the admin's browser stores after an SVG upload: a transparent PNG beside the logo, with the admin's session.
    const rendition = tinyPng(6, 3, 6, [0, 170, 119, 200]);
    const stored = await a.admin.client.storage
      .from(PHARMACY_LOGOS_BUCKET)
      .upload(pharmacyLogoPrintPath(a.id), new Blob([new Uint8Array(rendition)], { type: 'image/png' }), { contentType: 'image/png', upsert: true });
    expect(stored.error).toBeNull();
    const { bytes, text } = await pdfText(await download(a.pharmacist, `reports/controlled-substances?${RANGE}&format=pdf`));
    expect(text).toContain('Reports Api Pharmacy');
    const pdf = bytes.toString('latin1');
    expect(pdf).toContain('/Subtype /Image /Width 6 /Height 3 /ColorSpace /DeviceRGB');
    expect(pdf).toMatch(/\/SMask \d+ 0 R/);
    expect(pdf).toContain('/Subtype /Image /Width 6 /Height 3 /ColorSpace /DeviceGray');
    checkPdfXref(bytes);
  });

  it('a technician may not download them (403)', async () => {
    for (const format of ['pdf', 'xlsx']) expect((await download(a.technician, `reports/sales?${RANGE}&format=${format}`)).status).toBe(403);
  });
});

describe('refusals', () => {
  it('a bad range or format: 400 with the messages', async () => {
    expect(await callApi(a.pharmacist.client, 'reports/sales?from=2026-11-30&to=2026-11-01')).toMatchObject({ status: 400, body: { errors: [REPORT_MESSAGES.order] } });
    expect(await callApi(a.pharmacist.client, 'reports/sales?from=2025-01-01&to=2026-11-30')).toMatchObject({ status: 400, body: { errors: [REPORT_MESSAGES.length] } });
    expect(await callApi(a.pharmacist.client, 'reports/sales?from=2026-02-30&to=2026-03-01')).toMatchObject({ status: 400, body: { errors: [REPORT_MESSAGES.from] } });
    expect(await callApi(a.pharmacist.client, 'reports/sales?to=2026-03-01')).toMatchObject({ status: 400 });
    expect(await callApi(a.pharmacist.client, `reports/sales?${RANGE}&format=doc`)).toMatchObject({ status: 400, body: { errors: [REPORT_MESSAGES.format] } });
  });

  it('signed out 401, a technician 403, an unknown report 404', async () => {
    expect(await callApi(createTestClient(), `reports/sales?${RANGE}`)).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect(await callApi(a.technician.client, `reports/sales?${RANGE}`)).toEqual({ status: 403, body: { error: 'Only pharmacists and admins of the pharmacy can read reports' } });
    expect(await callApi(a.pharmacist.client, `reports/profit?${RANGE}`)).toEqual({ status: 404, body: { error: 'Unknown report profit' } });
  });
});
