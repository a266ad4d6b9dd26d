/**
 * Data migration (issue 27, "Speed"): a whole pharmacy brought over from a PrimeRx-style export — 5,000
 * prescribers, 20,000 medications (a tenth controlled), 100,000 patients and 500,000 prescriptions, generated from a
 * fixed seed so every run imports the same file — into a pharmacy onboarded EMPTY for the bench:
 *   validation: the shared validator (validateMigration) over every row, in-process (goal ≤ 20 s);
 *   import: the one import loop (shared/src/migration/run-migration-import.ts) as the screen's staged path runs it
 *   (web/src/features/data-migration/migration-file-job.ts: PostgREST calls through the gateway as the pharmacy's
 *   signed-in admin, JWT and RLS): begin_migration_run, each entity's import function in batches of
 *   MIGRATION_IMPORT_BATCH_ROWS, two at a time (prescribers, medications, patients, prescriptions, in that order), finish_migration_run
 *   (goal ≤ 60 s);
 *   re-import: the same file again, which must report 0 new rows and change nothing (goal ≤ 60 s);
 *   afterwards: the dashboard, queue counts, patient search and header search in the migrated pharmacy (p95 ≤ 50 ms).
 * The file is tests/support/generated-migration.ts's (seed 27). Reading the source ids imported before (validation's
 * references) is not timed. BENCH_MIGRATION_SCALE (default 1) scales the row counts down for a quick look (0.1: a
 * tenth); the goals are judged at 1.
 */
import { createHash } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { MigrationEntityCounts } from '../../shared/src/api/migration.ts';
import { MIGRATION_ARRAYS, type MigrationArray, type MigrationData, type MigrationDataInput } from '../../shared/src/migration/migration-data.ts';
import { validateMigration } from '../../shared/src/migration/validate-migration.ts';
import { importMigrationFile, postgrestRpc } from '../../web/src/features/data-migration/migration-file-job.ts';
import { generatedMigrationData } from '../support/generated-migration.ts';
import type { StackEnv } from '../support/test-stack.ts';

const SCALE = Number(process.env.BENCH_MIGRATION_SCALE || 1);
const PATIENTS = Math.round(100_000 * SCALE);
const PRESCRIBERS = Math.round(5_000 * SCALE);
const MEDICATIONS = Math.round(20_000 * SCALE);
const PRESCRIPTIONS = Math.round(500_000 * SCALE);
const IMPORT_GOAL_S = 60;
const VALIDATION_GOAL_S = 20;
const REIMPORT_GOAL_S = 60;

function verdict(met: boolean): string {
  return met ? 'MET' : 'NOT MET';
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** The bench's export: the shared generator at the bench's sizes. */
export function buildMigrationFile(): MigrationDataInput {
  return generatedMigrationData({ prescribers: PRESCRIBERS, medications: MEDICATIONS, patients: PATIENTS, prescriptions: PRESCRIPTIONS }, 27);
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

/** One import run by the shared loop over PostgREST, as the screen's worker makes it; answers each entity's counts and seconds. */
async function importRun(env: StackEnv, accessToken: string, fileSha256: string, rows: MigrationData): Promise<{ counts: Counts; seconds: Record<MigrationArray, number> }> {
  const rpc = postgrestRpc(env.apiUrl, env.anonKey, () => accessToken);
  const seconds = {} as Record<MigrationArray, number>;
  // Each batch's time goes to its entity: from the end of the batch before it.
  let last = performance.now();
  const result = await importMigrationFile(rpc, rows, fileSha256, ({ array }) => {
    const now = performance.now();
    seconds[array] = (seconds[array] ?? 0) + (now - last) / 1000;
    last = now;
  });
  if (!result.success) throw new Error(`the import failed: ${JSON.stringify(result.errors)}`);
  for (const array of MIGRATION_ARRAYS) {
    const counts = result.counts[array];
    console.log(`    ${array}: ${rows[array].length.toLocaleString('en-US')} rows in ${(seconds[array] ?? 0).toFixed(1)} s `
      + `(${(((seconds[array] ?? 0) * 1e6) / Math.max(1, rows[array].length)).toFixed(0)} µs a row) `
      + `inserted ${counts.inserted.toLocaleString('en-US')}, updated ${counts.updated}, unchanged ${counts.unchanged.toLocaleString('en-US')}`);
  }
  return { counts: result.counts, seconds };
}

/** Goal of each screen query afterwards (the scale bench's goal for the queue and the searches). */
const SCREEN_GOAL_MS = 50;
const SCREEN_SAMPLES = 30;

/**
 * The screens a pharmacy opens first after go-live, in the migrated pharmacy (100,000 patients, 500,000 prescription
 * orders, 5,000 prescribers): p95 of SCREEN_SAMPLES sequential requests as its admin, each against SCREEN_GOAL_MS.
 */
async function measureScreensAfterwards(admin: SupabaseClient): Promise<boolean> {
  const names = ['smith', 'garcia', 'nguyen', 'maria', 'lee-ford', 'john', 'wil', 'mart'];
  const checks: [string, (i: number) => PromiseLike<{ error: unknown }>][] = [
    ['dashboard figures (dashboard_stats)', () => admin.rpc('dashboard_stats')],
    ['dashboard prescriber credential alerts (exact count, first 5)', () =>
      admin.rpc('prescriber_credential_alerts', { within_days: 90 }, { count: 'exact' }).select('*').limit(5)],
    ['queue counts (prescription_queue_counts)', () => admin.rpc('prescription_queue_counts')],
    ['patient search (search_patients, 25 a page with the exact total)', (i) =>
      admin.rpc('search_patients', { search: names[i % names.length]!, page_size: 25, page_offset: 0 })],
    ['header search (global_search)', (i) => admin.rpc('global_search', { query: names[i % names.length]!, per_kind: 5 })],
  ];
  let met = true;
  for (const [label, request] of checks) {
    const times: number[] = [];
    for (let i = 0; i < SCREEN_SAMPLES; i++) {
      const started = performance.now();
      const { error } = await request(i);
      if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(0.95 * times.length) - 1]!;
    console.log(`  afterwards, ${label}: p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms `
      + `(goal ≤ ${SCREEN_GOAL_MS} ms): RATIO p95/goal = ${(p95 / SCREEN_GOAL_MS).toFixed(3)} (goal ≤ 1) ${verdict(p95 <= SCREEN_GOAL_MS)}`);
    met &&= p95 <= SCREEN_GOAL_MS;
  }
  return met;
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
  const rows = validation.normalised;
  const accessToken = (await admin.auth.getSession()).data.session?.access_token ?? '';
  console.log('  import into an empty pharmacy (as its admin, through the gateway):');
  const importStarted = performance.now();
  const first = await importRun(env, accessToken, fileSha256, rows);
  const importS = (performance.now() - importStarted) / 1000;
  const expected: Record<MigrationArray, number> = { prescribers: PRESCRIBERS, medications: MEDICATIONS, patients: PATIENTS, prescriptions: PRESCRIPTIONS };
  for (const array of MIGRATION_ARRAYS) {
    if (first.counts[array].inserted !== expected[array]) throw new Error(`the import inserted ${first.counts[array].inserted} ${array}, not ${expected[array]}`);
  }

  console.log('  re-import of the same file:');
  const reimportStarted = performance.now();
  const second = await importRun(env, accessToken, fileSha256, rows);
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
  const screensMet = await measureScreensAfterwards(admin);
  return importMet && validationMet && reimportMet && screensMet;
}
