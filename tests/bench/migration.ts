/**
 * Data migration (issue 27, "Speed"): a whole pharmacy brought over from a PrimeRx-style export — 5,000
 * prescribers, 20,000 medications (a tenth controlled), 100,000 patients and 500,000 prescriptions, generated from a
 * fixed seed so every run imports the same file — into a pharmacy onboarded EMPTY for the bench:
 *   validation: the shared validator (validateMigration) over every row, in-process (goal ≤ 20 s);
 *   import: the database calls the api makes (edge-functions/api/routes/migration.ts importValidated), through the
 *   gateway as the pharmacy's signed-in admin (JWT, RLS): begin_migration_run, each entity's import function in
 *   batches of MIGRATION_IMPORT_BATCH_ROWS (prescribers, medications, patients, prescriptions, in that order; one
 *   batch at a time unless BENCH_MIGRATION_CONCURRENCY says more), finish_migration_run (goal ≤ 60 s);
 *   re-import: the same file again, which must report 0 new rows and change nothing (goal ≤ 60 s).
 * The loop mirrors the api's for now (the route's runner is not shared yet); the api's reading of the source ids
 * imported before (validation's references) is not timed. BENCH_MIGRATION_SCALE (default 1) scales the row counts
 * down for a quick look (0.1: a tenth); the goals are judged at 1.
 */
import { createHash } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { MIGRATION_IMPORT_BATCH_ROWS, type MigrationEntityCounts } from '../../shared/src/api/migration.ts';
import {
  MIGRATION_ARRAYS, type MigrationArray, type MigrationDataInput, type MigrationMedicationInput, type MigrationPatientInput,
  type MigrationPrescriberInput, type MigrationPrescriptionInput,
} from '../../shared/src/migration/migration-data.ts';
import { validateMigration } from '../../shared/src/migration/validate-migration.ts';
import { npiCheckDigit } from '../../shared/src/prescribers/npi.ts';
import type { StackEnv } from '../support/test-stack.ts';

const SCALE = Number(process.env.BENCH_MIGRATION_SCALE || 1);
const PATIENTS = Math.round(100_000 * SCALE);
const PRESCRIBERS = Math.round(5_000 * SCALE);
const MEDICATIONS = Math.round(20_000 * SCALE);
const PRESCRIPTIONS = Math.round(500_000 * SCALE);
/**
 * Batches of one entity in flight at once, as the api sends them (one); the database lets two batches of a run
 * proceed together (BENCH_MIGRATION_CONCURRENCY=2), which on two busy cores measured within the noise.
 */
const CONCURRENCY = Number(process.env.BENCH_MIGRATION_CONCURRENCY || 1);
const IMPORT_GOAL_S = 60;
const VALIDATION_GOAL_S = 20;
const REIMPORT_GOAL_S = 60;

const IMPORT_FUNCTIONS = {
  prescribers: 'import_migration_prescribers',
  medications: 'import_migration_medications',
  patients: 'import_migration_patients',
  prescriptions: 'import_migration_prescriptions',
} as const satisfies Record<MigrationArray, string>;

function verdict(met: boolean): string {
  return met ? 'MET' : 'NOT MET';
}

/** mulberry32: a small seeded generator, so the file is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth',
  'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Maria', 'Wei', 'Aisha'];
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Nguyen'];
const CITIES: [string, string, string][] = [['Peoria', 'IL', '61602'], ['Springfield', 'IL', '62701'], ['Madison', 'WI', '53703'],
  ['Des Moines', 'IA', '50309'], ['St. Louis', 'MO', '63101'], ['Indianapolis', 'IN', '46204']];
const ALLERGIES = ['Penicillin', 'Sulfa', 'Codeine', 'Latex', 'Aspirin', 'Ibuprofen', 'Peanuts', 'Shellfish'];
const PLANS = ['Blue Cross Blue Shield', 'Aetna', 'UnitedHealthcare', 'Cigna', 'Humana', 'Medicare Part D', 'Medicaid'];
const DRUGS = ['Lisinopril', 'Atorvastatin', 'Metformin', 'Amlodipine', 'Omeprazole', 'Sertraline', 'Gabapentin', 'Losartan',
  'Levothyroxine', 'Simvastatin', 'Montelukast', 'Escitalopram', 'Rosuvastatin', 'Bupropion', 'Furosemide', 'Pantoprazole'];
const CONTROLLED = [['Oxycodone', 'II'], ['Hydrocodone-Acetaminophen', 'II'], ['Alprazolam', 'IV'], ['Zolpidem', 'IV'],
  ['Tramadol', 'IV'], ['Testosterone Cypionate', 'III'], ['Pregabalin', 'V']] as const;
const FORMS = ['Tablet', 'Capsule', 'Oral Solution', 'Extended-Release Tablet'];
const STATUSES = ['active', 'active', 'active', 'completed', 'completed', 'inactive', 'expired', 'discontinued', 'On Hold'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** A valid NPI (Luhn check digit over 80840 + nine digits) from a number. */
function npiOf(n: number): string {
  const nine = `1${pad(n, 8)}`;
  return `${nine}${npiCheckDigit(nine)}`;
}

/** A valid DEA number (the registrant's letters, six digits and the check digit) from a number. */
function deaOf(lastName: string, n: number): string {
  const six = pad(n % 1_000_000, 6);
  const d = [...six].map(Number);
  const check = ((d[0]! + d[2]! + d[4]!) + 2 * (d[1]! + d[3]! + d[5]!)) % 10;
  return `B${lastName[0]!.toUpperCase()}${six}${check}`;
}

/** A date from `yearsBack` years ago up to a day ago, as an export writes it (MM/DD/YYYY or YYYY-MM-DD). */
function pastDate(random: () => number, minDaysBack: number, maxDaysBack: number, usFormat: boolean): string {
  const day = new Date(Date.now() - (minDaysBack + Math.floor(random() * (maxDaysBack - minDaysBack))) * 86_400_000);
  const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  return usFormat ? `${pad(m, 2)}/${pad(d, 2)}/${y}` : `${y}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** The export: every row valid per the validator, in the shapes a real export has (numbers as text, NDCs 5-4-2). */
export function buildMigrationFile(): MigrationDataInput {
  const random = seeded(27);
  const prescribers: MigrationPrescriberInput[] = [];
  for (let i = 1; i <= PRESCRIBERS; i++) {
    const lastName = pick(random, LAST_NAMES);
    const [city, state, zip] = pick(random, CITIES);
    prescribers.push({
      prescriberId: `DR${i}`, npiNumber: npiOf(i), firstName: pick(random, FIRST_NAMES), lastName,
      phone: `(309) 555-${pad(i % 10_000, 4)}`, address: `${100 + (i % 900)} Medical Pkwy`, city, state, zipCode: zip,
      licenseNumber: `MD${pad(i, 6)}`, licenseState: state, deaNumber: i % 3 === 0 ? null : deaOf(lastName, i),
    });
  }
  const medications: MigrationMedicationInput[] = [];
  const schedules: (string | null)[] = [];
  for (let i = 1; i <= MEDICATIONS; i++) {
    const controlled = i % 10 === 0 ? pick(random, CONTROLLED) : null;
    const name = controlled ? controlled[0] : pick(random, DRUGS);
    schedules.push(controlled ? controlled[1] : null);
    medications.push({
      drugId: `D${i}`, name, genericName: name.toLowerCase(), strength: `${5 * (1 + (i % 16))} mg`, dosageForm: pick(random, FORMS),
      manufacturer: `Labs ${i % 97}`, ndc: `${pad(10_000 + Math.floor(i / 100), 5)}-${pad(i % 10_000, 4)}-${pad(i % 100, 2)}`,
      awpPrice: (1 + random() * 400).toFixed(2), wholesaleCost: (0.5 + random() * 200).toFixed(2),
      quantityOnHand: String(Math.floor(random() * 1_000)), reorderLevel: 50, deaSchedule: controlled ? controlled[1] : '',
    });
  }
  const patients: MigrationPatientInput[] = [];
  for (let i = 1; i <= PATIENTS; i++) {
    const [city, state, zip] = pick(random, CITIES);
    const allergyCount = Math.floor(random() * 3);
    patients.push({
      patientId: `P${i}`, firstName: pick(random, FIRST_NAMES), lastName: `${pick(random, LAST_NAMES)}${i % 7 === 0 ? '-Ford' : ''}`,
      dateOfBirth: pastDate(random, 365, 90 * 365, i % 2 === 0), phone: `309${pad(5_550_000 + (i % 10_000), 7)}`,
      address: `${1 + (i % 9_999)} Main St`, city, state, zipCode: zip,
      allergies: Array.from({ length: allergyCount }, (_, k) => ALLERGIES[(i + k) % ALLERGIES.length]!),
      insuranceProvider: i % 5 === 0 ? null : pick(random, PLANS), insurancePolicyNumber: i % 5 === 0 ? null : `M${pad(i, 9)}`,
    });
  }
  const prescriptions: MigrationPrescriptionInput[] = [];
  for (let i = 1; i <= PRESCRIPTIONS; i++) {
    const drug = 1 + Math.floor(random() * MEDICATIONS);
    const schedule = schedules[drug - 1];
    const originalRefills = schedule === 'II' ? 0 : schedule ? Math.floor(random() * 6) : Math.floor(random() * 12);
    prescriptions.push({
      prescriptionId: `RX${i}`, patientId: `P${1 + Math.floor(random() * PATIENTS)}`,
      prescriberId: i % 20 === 0 ? null : `DR${1 + Math.floor(random() * PRESCRIBERS)}`, drugId: `D${drug}`,
      datePrescribed: pastDate(random, 1, 3 * 365, i % 2 === 1), quantity: String(30 * (1 + (i % 3))), daysSupply: 30,
      directions: 'Take 1 tablet by mouth daily', refillsRemaining: Math.floor(random() * (originalRefills + 1)), originalRefills,
      status: pick(random, STATUSES), rpNumber: String(2_000_000 + i),
    });
  }
  return { prescribers, medications, patients, prescriptions };
}

/** A pharmacy onboarded for the bench (its own admin), empty, and that admin signed in through the gateway. */
export async function emptyPharmacy(env: StackEnv): Promise<{ id: string; admin: SupabaseClient }> {
  const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: WebSocket as never } };
  const service = createClient(env.apiUrl, env.serviceRoleKey, options);
  const stamp = Date.now();
  const email = `migration-bench-${stamp}@example.test`;
  const password = `pw-${stamp}-Bench1`;
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`could not create the bench admin: ${created.error?.message}`);
  const digits = pad(stamp % 1_000_000, 6);
  const d = [...digits].map(Number);
  const deaNumber = `BM${digits}${((d[0]! + d[2]! + d[4]!) + 2 * (d[1]! + d[3]! + d[5]!)) % 10}`;
  const { data, error } = await service.rpc('onboard_pharmacy', {
    pharmacy: {
      pharmacy_name: 'Migration Bench Pharmacy', ncpdp_id: pad(stamp % 10_000_000, 7), nabp_number: `N${stamp % 100_000_000}`,
      dea_number: deaNumber, state_license_number: `PHY-${digits}`, state_license_state: 'IL', npi_number: '1234567893',
      street_address: '1 Main St', city: 'Peoria', state: 'IL', zip_code: '61602', phone: '(309) 555-0100',
      email: 'bench@example.test', admin_first_name: 'Ada', admin_last_name: 'Bench', admin_phone: '(309) 555-0101',
    },
    admin_user_id: created.data.user.id,
    pic: { first_name: 'Pat', last_name: 'Incharge', license_number: 'PIC-1', license_state: 'IL', license_expiration: '2030-01-31' },
    operating_hours: null,
    plan_id: 'flat-monthly',
  });
  if (error) throw new Error(`could not onboard the bench pharmacy: ${error.message}`);
  const admin = createClient(env.apiUrl, env.anonKey, options);
  const signedIn = await admin.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`the bench admin could not sign in: ${signedIn.error.message}`);
  return { id: (data as { pharmacyId: string }).pharmacyId, admin };
}

type Counts = Record<MigrationArray, MigrationEntityCounts>;

/** One import run as the api makes it (routes/migration.ts importValidated); answers each entity's counts and seconds. */
async function importRun(client: SupabaseClient, fileSha256: string, rows: Record<MigrationArray, unknown[]>): Promise<{ counts: Counts; seconds: Record<MigrationArray, number> }> {
  const totals = Object.fromEntries(MIGRATION_ARRAYS.map((array) => [array, rows[array].length]));
  const begun = await client.rpc('begin_migration_run', { file_sha256: fileSha256, totals });
  if (begun.error) throw new Error(`begin_migration_run: ${begun.error.message}`);
  const runId = (begun.data as { id: string }).id;
  const counts = Object.fromEntries(MIGRATION_ARRAYS.map((array) => [array, { total: 0, inserted: 0, updated: 0, unchanged: 0 }])) as Counts;
  const seconds = {} as Record<MigrationArray, number>;
  for (const array of MIGRATION_ARRAYS) {
    const started = performance.now();
    let slowest = 0;
    let next = 0;
    // CONCURRENCY batches of the entity in flight (each takes the next rows); the next entity waits for them all.
    const worker = async () => {
      while (next < rows[array].length) {
        const start = next;
        next += MIGRATION_IMPORT_BATCH_ROWS;
        const batchStarted = performance.now();
        const { data, error } = await client.rpc(IMPORT_FUNCTIONS[array], { run_id: runId, rows: rows[array].slice(start, start + MIGRATION_IMPORT_BATCH_ROWS) as never });
        if (error) throw new Error(`${IMPORT_FUNCTIONS[array]} (rows ${start + 1}…): ${error.message}`);
        slowest = Math.max(slowest, performance.now() - batchStarted);
        const batch = data as MigrationEntityCounts;
        for (const key of ['total', 'inserted', 'updated', 'unchanged'] as const) counts[array][key] += batch[key];
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    seconds[array] = (performance.now() - started) / 1000;
    console.log(`    ${array}: ${rows[array].length.toLocaleString('en-US')} rows in ${seconds[array].toFixed(1)} s `
      + `(${((seconds[array] * 1e6) / Math.max(1, rows[array].length)).toFixed(0)} µs a row; slowest batch ${(slowest / 1000).toFixed(2)} s) `
      + `inserted ${counts[array].inserted.toLocaleString('en-US')}, updated ${counts[array].updated}, unchanged ${counts[array].unchanged.toLocaleString('en-US')}`);
  }
  const finished = await client.rpc('finish_migration_run', { run_id: runId, run_status: 'succeeded', run_errors: [] as never });
  if (finished.error) throw new Error(`finish_migration_run: ${finished.error.message}`);
  return { counts, seconds };
}

export async function runMigrationBench(env: StackEnv): Promise<boolean> {
  const builtStarted = performance.now();
  const file = buildMigrationFile();
  const fileSha256 = createHash('sha256').update(JSON.stringify(file)).digest('hex');
  console.log(`  file: ${PRESCRIBERS.toLocaleString('en-US')} prescribers, ${MEDICATIONS.toLocaleString('en-US')} medications, `
    + `${PATIENTS.toLocaleString('en-US')} patients, ${PRESCRIPTIONS.toLocaleString('en-US')} prescriptions (seeded; generated in `
    + `${((performance.now() - builtStarted) / 1000).toFixed(1)} s)`);

  const validationStarted = performance.now();
  const validation = validateMigration(file);
  const validationS = (performance.now() - validationStarted) / 1000;
  if (!validation.isValid) throw new Error(`the bench's file is not valid: ${validation.errorCount} errors, first ${JSON.stringify(validation.errors.slice(0, 3))}`);
  console.log(`  validation (validateMigration, in-process): ${validationS.toFixed(1)} s`);

  const { id: pharmacyId, admin } = await emptyPharmacy(env);
  const rows = validation.normalised as unknown as Record<MigrationArray, unknown[]>;
  console.log('  import into an empty pharmacy (as its admin, through the gateway):');
  const importStarted = performance.now();
  const first = await importRun(admin, fileSha256, rows);
  const importS = (performance.now() - importStarted) / 1000;
  const expected: Record<MigrationArray, number> = { prescribers: PRESCRIBERS, medications: MEDICATIONS, patients: PATIENTS, prescriptions: PRESCRIPTIONS };
  for (const array of MIGRATION_ARRAYS) {
    if (first.counts[array].inserted !== expected[array]) throw new Error(`the import inserted ${first.counts[array].inserted} ${array}, not ${expected[array]}`);
  }

  console.log('  re-import of the same file:');
  const reimportStarted = performance.now();
  const second = await importRun(admin, fileSha256, rows);
  const reimportS = (performance.now() - reimportStarted) / 1000;
  const newRows = MIGRATION_ARRAYS.reduce((sum, array) => sum + second.counts[array].inserted + second.counts[array].updated, 0);

  const db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
  try {
    const { rows: [held] } = await db.query<{ patients: number; medications: number; prescribers: number; orders: number }>(`
      select (select count(*)::int from public.patients where pharmacy_id = $1) as patients,
             (select count(*)::int from public.medications where pharmacy_id = $1) as medications,
             (select count(*)::int from public.prescribers where pharmacy_id = $1) as prescribers,
             (select count(*)::int from public.prescription_orders where pharmacy_id = $1) as orders`, [pharmacyId]);
    console.log(`  the pharmacy holds ${held!.prescribers} prescribers, ${held!.medications} medications, ${held!.patients} patients, ${held!.orders} prescription orders`);
  } finally {
    await db.end();
  }

  const importMet = importS <= IMPORT_GOAL_S;
  const validationMet = validationS <= VALIDATION_GOAL_S;
  const reimportMet = reimportS <= REIMPORT_GOAL_S && newRows === 0;
  console.log(`  import: ${importS.toFixed(1)} s (goal ≤ ${IMPORT_GOAL_S} s): RATIO import/goal = ${(importS / IMPORT_GOAL_S).toFixed(3)} (goal ≤ 1) ${verdict(importMet)}`);
  console.log(`  validation: ${validationS.toFixed(1)} s (goal ≤ ${VALIDATION_GOAL_S} s): RATIO validation/goal = ${(validationS / VALIDATION_GOAL_S).toFixed(3)} (goal ≤ 1) ${verdict(validationMet)}`);
  console.log(`  re-import: ${reimportS.toFixed(1)} s, ${newRows} new or changed rows (goal ≤ ${REIMPORT_GOAL_S} s, 0 new): `
    + `RATIO re-import/goal = ${(reimportS / REIMPORT_GOAL_S).toFixed(3)} (goal ≤ 1) ${verdict(reimportMet)}`);
  return importMet && validationMet && reimportMet;
}
