/**
 * Scale: a real pharmacy's volume. Builds, into the demo pharmacy, 100,000 patients, 50,000 medications (a full
 * catalogue, each with its NDC), 20,000 prescribers (valid NPIs; a fifth of the orders from 50 busy ones) and
 * 500,000 prescriptions (orders, public.prescription_orders) with 1,500,000 fills
 * (rows of public.prescriptions: one to five per order, two thirds of them refills, 30 days apart, Refill N of M
 * within the refills authorised) over two years (the newest fills are a live queue of a few hundred
 * pending/processing/ready, the rest completed; five patients have 100 orders each) with set-based SQL (goal:
 * under 4 minutes), then measures THROUGH THE GATEWAY with RLS, signed in as the demo technician (supabase-js,
 * sequential requests, p95 against 50 ms each):
 *   queue counts (prescription_queue_counts), one queue page (queue_page with patient and medication embedded:
 *   tabs, a page a year back in Completed, searches by name, Rx number and fill date), patient search
 *   (search_patients, a page of 25 with the exact total_count; the same search as ILIKE filters on the table, which
 *   RLS keeps off the trigram indexes, is printed for comparison; a date of birth and ten phone digits), the
 *   unfiltered patient list (search_patients without a search, as the Patient Database screen reads it),
 *   drug search (search_medications: brand/generic words, an NDC in its labeler format, 11 digits or a prefix, the
 *   low-stock list and the whole list, a page of 25 with the exact total_count), the header's global search
 *   (global_search: names, a phone, dates of birth, drugs, NDCs, Rx numbers, prescribers), dashboard stats, the Providers
 *   screen (prescriber_directory pages by tab and search with activeCount, the tab counts, the prescription form's
 *   prescriber picker, the credential alerts), the Prescription Files screen (prescription_file_page at 200,000 files:
 *   statuses, a year back, searches; prescription_file_stats), the Inventory screen (inventory_items at 50,000
 *   products and three years of ledger, inventory_overview, inventory_analytics), the Orders tab (wholesale_order_page
 *   and wholesale_order_detail at three years of wholesale orders), the Billing screen (claim_page, billing_overview,
 *   billing_report, reconciliation_page with a claim for every fill billed), a patient
 *   profile's prescriptions (patient_prescription_orders for a patient of 100 orders, pages 1 and 2) and a refill
 *   (POST /api/prescriptions/{id}/refill, the api edge function; BENCH_SCALE_REFILL_VIA=rpc measures
 *   refill_prescription through PostgREST instead), each on a different order that is due; then, as the demo
 *   pharmacist (reports:read), the Reports screen (reports_overview of 7, 30 and 365 days, reports_weekly_activity,
 *   reports_top_medications of 30 and 365 days, reports_system_alerts: p95 against 100 ms each) and, printed against
 *   1 s but not judged, the reports through the api (sales, inventory, patients, controlled substances of a month,
 *   the dispensing log of a day) and pmp_fills of a month;
 * and in Chromium, on the production build, the queue screen usable (first card and tab counters visible)
 * ≤ 1.5 s after navigating to /prescriptions.
 * History rows are written with triggers off (session_replication_role = replica, as a data migration loads
 * history) except the queue counters' (enabled always); the Rx number counter is set afterwards, the Reports
 * screen's patients-served bits (and report rollups, where that migration is in) rebuilt after the claims. Then
 * `vacuum analyze` of the loaded tables, as autovacuum would leave them. BENCH_SCALE_KEEP=1 keeps the loaded stack up
 * after measuring (until Ctrl-C), to look into a figure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { chromium } from '@playwright/test';
import { repoRoot, type StackEnv } from '../support/test-stack.ts';

const PATIENTS = Number(process.env.BENCH_SCALE_PATIENTS || 100_000);
const ORDERS = Number(process.env.BENCH_SCALE_ORDERS || 500_000);
/** Fills: order i has 1 + i % 5 (buildPrescriptions), three per order on average. */
const FILLS = 3 * ORDERS;
/** How the refill is made: 'api' (POST /api/prescriptions/{id}/refill, the edge function) or 'rpc' (refill_prescription through PostgREST). */
const REFILL_VIA = process.env.BENCH_SCALE_REFILL_VIA === 'rpc' ? 'rpc' : 'api';
const MEDICATIONS = Number(process.env.BENCH_SCALE_MEDICATIONS || 50_000);
const PRESCRIBERS = Number(process.env.BENCH_SCALE_PRESCRIBERS || 20_000);
/**
 * The busiest prescribers: a fifth of the orders go to 50 of them (about 2,000 orders each), spread through the
 * directory (every 400th), as busy prescribers are through the alphabet.
 */
const BUSY_PRESCRIBERS = 50;
/** Prescription files: two years of faxes, scans and e-prescriptions at about 275 a day. */
const FILES = Number(process.env.BENCH_SCALE_FILES || 200_000);
/** The stock ledger: three years of a pharmacy's receipts and dispensing, about 410 fills a day. */
const LEDGER_DAYS = 1_095;
const LEDGER_DISPENSES = Number(process.env.BENCH_SCALE_DISPENSES || 450_000);
/** The products received every two weeks (the fast movers). */
const RESTOCKED_PRODUCTS = 2_000;
/** Wholesale orders: three years of about three a day (two wholesalers), 40 lines each. */
const WHOLESALE_ORDERS = Number(process.env.BENCH_SCALE_WHOLESALE_ORDERS || 3_300);
const WHOLESALE_LINES = 40;
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES || 100);
const BROWSER_RUNS = Number(process.env.BENCH_SCALE_BROWSER_RUNS || 5);
const GOAL_MS = 50;
/** The Reports screen's figures (issue 26): p95 ≤ 100 ms each. */
const REPORTS_GOAL_MS = 100;
/** A report through the api (a month's rows): printed against 1 s, not judged. */
const REPORT_FILE_BUDGET_MS = 1_000;
const SCREEN_GOAL_MS = 1_500;
const BUILD_GOAL_S = 240;
const SCREEN_TIMEOUT_MS = 30_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function verdict(met: boolean): string {
  return met ? 'MET' : 'NOT MET';
}

/** The synthetic history, set-based. Ids are derived from the row number so rows can refer to each other. */
async function buildPharmacy(env: StackEnv, db: pg.Client, pharmacyId: string): Promise<void> {
  // Two connections at once (the history's rows refer to each other by derived ids, and foreign-key checks are
  // triggers, off in replica mode): catalogue and patients on one, prescriptions on the other.
  const other = new pg.Client({ connectionString: env.dbUrl });
  await other.connect();
  try {
    await Promise.all([buildPeople(other, pharmacyId), buildPrescriptions(db, pharmacyId)]);
    await buildPrescriptionFiles(db, pharmacyId);
    await buildInventoryLedger(db, pharmacyId);
    await buildWholesaleOrders(db, pharmacyId);
  } finally {
    await other.end();
  }
  // What the Rx number trigger would have kept.
  await db.query(`
    insert into public.rx_number_counters as c (pharmacy_id, last_rx_number)
    select $1, max(rx_number) from public.prescriptions where pharmacy_id = $1
    on conflict (pharmacy_id) do update set last_rx_number = excluded.last_rx_number, updated_at = now()`, [pharmacyId]);
  // The queue counters' triggers fire even in replica mode: they counted the load themselves. Check it.
  const { rows } = await db.query<{ counted: string; kept: string }>(`
    select (select count(*) from public.prescriptions where pharmacy_id = $1) as counted,
           (select sum(prescriptions) from public.prescription_queue_counters where pharmacy_id = $1) as kept`, [pharmacyId]);
  if (rows[0]!.counted !== rows[0]!.kept) throw new Error(`queue counters ${rows[0]!.kept} ≠ ${rows[0]!.counted} prescriptions`);
}

/**
 * FILES prescription files over two years, newest first in the list: most processed (their patient, drug and
 * prescriber names extracted), some in review, a few errors, the last day's pending. Rows only (the list and the
 * stats never read the bytes); the counters their trigger keeps are built from them afterwards, as a migration would.
 */
async function buildPrescriptionFiles(db: pg.Client, pharmacyId: string): Promise<void> {
  await db.query('set session_replication_role = replica');
  await db.query(`
    with names as (
      select array['James','Mary','John','Patricia','Robert','Jennifer','Michael','Linda','William','Elizabeth'] as firsts,
             array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez'] as lasts,
             array['Lisinopril','Atorvastatin','Metformin','Amlodipine','Omeprazole','Sertraline','Gabapentin','Losartan'] as drugs
    ), planned as (
      select i, md5('scale-file-' || i)::uuid as id, now() - (i * interval '1 day' * 730 / $2::int) as uploaded,
             case when i <= 300 then 'pending' when i % 50 = 0 then 'error' when i % 9 = 0 then 'manual_review' else 'processed' end as status
      from generate_series(1, $2::int) i
    )
    insert into public.prescription_files (id, pharmacy_id, file_name, file_type, file_size, sha256, storage_path, received_as,
      processing_status, extraction_confidence, manual_review_required, source_format, error_reason, patient_data, drug_data,
      prescriber_data, uploaded_at, processed_at, updated_at)
    select p.id, $1::uuid, 'fax-' || p.i || case when p.i % 3 = 0 then '.xml' else '.pdf' end,
           case when p.i % 3 = 0 then 'application/xml' else 'application/pdf' end, 20000 + p.i % 50000,
           encode(sha256(('scale-file-' || p.i)::bytea), 'hex'), $1::text || '/' || p.id,
           case when p.i % 3 = 0 then 'electronic' when p.i % 2 = 0 then 'fax' else 'scan' end,
           p.status,
           case when p.status = 'processed' then 0.90 + (p.i % 9) / 100.0 when p.status = 'manual_review' then 0.60 + (p.i % 20) / 100.0 end,
           p.status = 'manual_review',
           case when p.status in ('processed', 'manual_review') then case when p.i % 3 = 0 then 'script-xml-2017071' else 'pdf-text' end end,
           case when p.status = 'error' then 'No prescription data could be read from the document' end,
           case when p.status in ('processed', 'manual_review')
             then jsonb_build_object('name', firsts[1 + p.i % 10] || ' ' || lasts[1 + (p.i / 10) % 10] || (p.i % 997)) else '{}' end,
           case when p.status in ('processed', 'manual_review')
             then jsonb_build_object('name', drugs[1 + p.i % 8] || ' ' || (5 * (1 + p.i % 8)) || ' mg', 'quantity', 30) else '{}' end,
           case when p.status in ('processed', 'manual_review') then jsonb_build_object('name', 'Dr. Scale ' || (p.i % 500)) else '{}' end,
           p.uploaded, case when p.status <> 'pending' then p.uploaded + interval '5 minutes' end, p.uploaded
    from planned p, names`, [pharmacyId, FILES]);
  await db.query('set session_replication_role = origin');
  await db.query(`
    insert into public.prescription_file_counters (pharmacy_id, processing_status, files, confidence_sum, confidence_count)
    select pharmacy_id, processing_status, count(*), coalesce(sum(extraction_confidence), 0), count(extraction_confidence)
    from public.prescription_files where pharmacy_id = $1 group by 1, 2
    on conflict (pharmacy_id, processing_status) do update
    set files = excluded.files, confidence_sum = excluded.confidence_sum, confidence_count = excluded.confidence_count`, [pharmacyId]);
}

/**
 * The stock ledger of three years: a lot per product holding its stock (expiries spread over two years, some past),
 * its opening balance, a receipt every two weeks for the fast movers, and LEDGER_DISPENSES dispensing rows spread over
 * the products and days (each naming an order's original fill). Balances after each row are the lot's stock (not
 * replayed: no measured query depends on them); the rollups are counted from them and forecasts computed afterwards,
 * as the rollups' migration and the daily job do.
 */
async function buildInventoryLedger(db: pg.Client, pharmacyId: string): Promise<void> {
  await db.query('set session_replication_role = replica');
  await db.query(`
    insert into public.inventory_lots (id, pharmacy_id, medication_id, lot_number, expiration_date, on_hand, unit_cost_cents, received_at)
    select md5('scale-lot-' || m.i)::uuid, $1, md5('scale-medication-' || m.i)::uuid, 'SL' || m.i,
           current_date + (m.i % 730) - 60, stock.on_hand, 5 + m.i % 400, now() - interval '3 years'
    from generate_series(1, $2::int) as m (i)
    cross join lateral (select s.stock as on_hand from public.medications s where s.id = md5('scale-medication-' || m.i)::uuid) stock`,
  [pharmacyId, MEDICATIONS]);
  await db.query(`
    insert into public.inventory_movements (pharmacy_id, medication_id, lot_id, kind, quantity, lot_on_hand_after,
      product_on_hand_after, prescription_id, reference, unit_cost_cents, occurred_at)
    select $1::uuid, md5('scale-medication-' || m.i)::uuid, md5('scale-lot-' || m.i)::uuid, 'opening', greatest(l.on_hand, 1), l.on_hand, l.on_hand,
           null::uuid, null::text, null::integer, now() - interval '3 years'
    from generate_series(1, $2::int) as m (i) join public.inventory_lots l on l.id = md5('scale-lot-' || m.i)::uuid
    union all
    select $1::uuid, md5('scale-medication-' || p.i)::uuid, md5('scale-lot-' || p.i)::uuid, 'receipt', 100, 100, 100,
           null::uuid, 'PO-' || p.i || '-' || w.n, 5 + p.i % 400, now() - (w.n * interval '14 days')
    from generate_series(1, $3::int) as p (i), generate_series(1, $4::int / 14) as w (n)
    union all
    select $1::uuid, md5('scale-medication-' || d.product)::uuid, md5('scale-lot-' || d.product)::uuid, 'dispense', -(10 + d.k % 80), 50, 50,
           md5('scale-rx-' || (1 + d.k % $6::int))::uuid, null::text, (5 + d.product % 400)::integer, now() - (d.k * interval '1 day' * $4::int / $5::int)
    from (select k, case when k % 5 < 4 then 1 + (k::bigint * 7919) % $3::int else 1 + (k::bigint * 104729) % $2::int end as product
          from generate_series(1, $5::int) as k) d`,
  [pharmacyId, MEDICATIONS, RESTOCKED_PRODUCTS, LEDGER_DAYS, LEDGER_DISPENSES, ORDERS]);
  await db.query('set session_replication_role = origin');
  // What the rollups' triggers would have kept (off in replica mode), counted as the rollups' migration counts a ledger.
  await db.query('select private.rebuild_inventory_rollups($1)', [pharmacyId]);
  await db.query('vacuum analyze public.inventory_lots, public.inventory_movements, public.inventory_daily_rollups, '
    + 'public.inventory_totals, public.inventory_product_activity');
  const started = performance.now();
  await db.query('select private.compute_inventory_forecasts($1)', [pharmacyId]);
  console.log(`  (inventory forecasts for ${MEDICATIONS.toLocaleString('en-US')} products, as the daily job computes them: `
    + `${((performance.now() - started) / 1000).toFixed(1)} s, no goal)`);
}

/**
 * WHOLESALE_ORDERS orders over three years to two wholesalers, WHOLESALE_LINES lines each, almost all delivered and
 * invoiced, the last days' still open, with a document per order: the Orders tab's history.
 */
async function buildWholesaleOrders(db: pg.Client, pharmacyId: string): Promise<void> {
  await db.query('set session_replication_role = replica');
  await db.query(`
    insert into public.wholesalers (id, pharmacy_id, name, api_endpoint, account_number, daily_order_cutoff, partner_id, status)
    values (md5('scale-wholesaler-1')::uuid, $1, 'Scale Wholesaler One', 'https://edi.one.example', 'ONE-1', '14:00', 'ONE', 'connected'),
           (md5('scale-wholesaler-2')::uuid, $1, 'Scale Wholesaler Two', 'https://edi.two.example', 'TWO-2', '15:30', 'TWO', 'connected')
    on conflict do nothing`, [pharmacyId]);
  await db.query(`
    insert into public.wholesale_orders (id, pharmacy_id, wholesaler_id, status, order_date, submitted_at, delivered_at,
      invoice_number, invoice_total_cents, api_order_id, interchange_control_number)
    select md5('scale-wholesale-order-' || o.i)::uuid, $1, md5('scale-wholesaler-' || (1 + o.i % 2))::uuid,
           case when o.i > $2::int - 6 then 'acknowledged' else 'delivered' end,
           current_date - ((($2::int - o.i) * 1095) / $2::int), now() - ((($2::int - o.i) * 1095) / $2::int) * interval '1 day',
           case when o.i > $2::int - 6 then null else now() - ((($2::int - o.i) * 1095) / $2::int - 1) * interval '1 day' end,
           'IN' || o.i, 250000 + o.i % 5000, 'SO' || o.i, o.i
    from generate_series(1, $2::int) as o (i)`, [pharmacyId, WHOLESALE_ORDERS]);
  await db.query(`
    insert into public.wholesale_order_lines (pharmacy_id, order_id, line_number, medication_id, ndc, quantity, unit_cost_cents,
      ack_status, ack_quantity, shipped_quantity, received_quantity, invoiced_quantity, invoiced_unit_cents)
    select $1, md5('scale-wholesale-order-' || o.i)::uuid, l.n, md5('scale-medication-' || p.product)::uuid, m.ndc11, 2, 1500, 'IA', 2, 2, 2, 2, 1500
    from generate_series(1, $2::int) as o (i)
    cross join generate_series(1, $3::int) as l (n)
    cross join lateral (select 1 + ((o.i * $3::int + l.n)::bigint * 7919) % $4::int as product) p
    join public.medications m on m.id = md5('scale-medication-' || p.product)::uuid`, [pharmacyId, WHOLESALE_ORDERS, WHOLESALE_LINES, RESTOCKED_PRODUCTS]);
  await db.query('set session_replication_role = origin');
  await db.query('vacuum analyze public.wholesalers, public.wholesale_orders, public.wholesale_order_lines');
}

/**
 * Claims for the fills (issue 25): every patient a primary plan of one of the three test payers; every fill past
 * pending billed to it on its fill date — 2% reversed; in the last month 2% rejected (79, 75 or 70, each with its
 * history row) and 2% submitted (older ones were worked to paid); the rest paid; the queue's processing fills
 * pending — at the bench catalogue's $1.00 fill plus the $12.50
 * fee; most paid claims remitted (some short), the rest not yet. Rows with triggers off; the counters and rollups the
 * triggers keep are built from them afterwards, as a migration would.
 */
async function buildClaims(db: pg.Client, pharmacyId: string): Promise<void> {
  await db.query('set session_replication_role = replica');
  await db.query(`
    insert into public.patient_insurance_plans (id, pharmacy_id, patient_id, payer_name, bin, pcn, cardholder_id, person_code,
      relationship_code, priority, insurance_type, active)
    select md5('scale-plan-' || i)::uuid, $1, md5('scale-patient-' || i)::uuid,
           (array['Demo Commercial Rx', 'Demo Part D', 'Demo Medicaid'])[1 + i % 3], '99900' || (1 + i % 3),
           (array['DEMOCOM', 'DEMOPDP', 'DEMOMCD'])[1 + i % 3], 'SC' || lpad(i::text, 8, '0'), '001', '1', 'primary',
           (array['commercial', 'medicare_part_d', 'medicaid'])[1 + i % 3], true
    from generate_series(1, $2::int) i`, [pharmacyId, PATIENTS]);
  await db.query(`
    insert into public.claims (id, pharmacy_id, prescription_id, plan_id, patient_id, coverage, status, payer_name, bin, pcn,
      cardholder_id, person_code, relationship_code, rx_number, fill_number, service_date, ndc, quantity_thousandths, days_supply,
      ingredient_cost_submitted_cents, dispensing_fee_submitted_cents, usual_customary_cents, gross_amount_due_cents,
      reject_codes, authorization_number, patient_pay_cents, ingredient_cost_paid_cents, dispensing_fee_paid_cents, total_paid_cents,
      last_transaction_code, submitted_at, adjudicated_at, reversed_at, remitted_cents, remitted_at, created_at, updated_at)
    select md5('scale-claim-' || rx.id)::uuid, rx.pharmacy_id, rx.id, pl.id, rx.patient_id, 'primary', c.status, pl.payer_name,
           pl.bin, pl.pcn, pl.cardholder_id, '001', '1', rx.rx_number, rx.fill_number, c.service_date, m.ndc11, 30000, 30,
           100, 1250, 100, 1350,
           case when c.status = 'rejected' then array[(array['79', '75', '70'])[1 + c.h % 3]] else '{}' end,
           case when c.status in ('paid', 'reversed') then 'A' || c.h end,
           case when c.status in ('paid', 'reversed') then 500 end, case when c.status in ('paid', 'reversed') then 0 end,
           case when c.status in ('paid', 'reversed') then 150 end, case when c.status in ('paid', 'reversed') then 850 end,
           case when c.status = 'pending' then null when c.status = 'reversed' then 'B2' else 'B1' end,
           case when c.status <> 'pending' then rx.processed_at end,
           case when c.status in ('paid', 'rejected', 'reversed') then rx.processed_at + interval '2 seconds' end,
           case when c.status = 'reversed' then rx.processed_at + interval '15 days' end,
           case when c.status = 'paid' and c.h % 10 < 8 then 850 - (c.h % 7 = 0)::int * 100 else 0 end,
           case when c.status = 'paid' and c.h % 10 < 8 then rx.processed_at + interval '14 days' end,
           rx.processed_at, rx.processed_at
    from public.prescriptions rx
    join public.patient_insurance_plans pl on pl.pharmacy_id = rx.pharmacy_id and pl.patient_id = rx.patient_id and pl.priority = 'primary'
    join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
    cross join lateral (select abs(hashtext(rx.id::text)) % 100 as h) hashed
    cross join lateral (
      select hashed.h,
             -- Rejected and unanswered claims are worked within days: only the last month's are still open.
             case when rx.status = 'processing' then 'pending' when hashed.h < 2 and rx.processed_at > now() - interval '30 days' then 'rejected'
                  when hashed.h < 4 and hashed.h >= 2 then 'reversed'
                  when hashed.h < 6 and hashed.h >= 4 and rx.processed_at > now() - interval '30 days' then 'submitted' else 'paid' end as status,
             coalesce(rx.date_filled, (rx.processed_at at time zone (select time_zone from public.pharmacies where id = $1))::date) as service_date
    ) c
    where rx.pharmacy_id = $1 and rx.status <> 'pending'
    -- The seed's own fills in processing opened their claims when they moved there.
    on conflict on constraint claims_fill_plan_key do nothing`, [pharmacyId]);
  await db.query(`
    insert into public.claim_events (pharmacy_id, claim_id, status, transaction_code, bin, reject_codes, detail, occurred_at)
    select pharmacy_id, id, status, 'B1', bin, reject_codes, 'Rejected ' || array_to_string(reject_codes, ', '), adjudicated_at
    from public.claims where pharmacy_id = $1 and status = 'rejected'`, [pharmacyId]);
  await db.query('set session_replication_role = origin');
  // What the triggers keep, from the rows.
  await db.query(`
    insert into public.claim_counters (pharmacy_id, status, claims, gross_amount_due_cents, total_paid_cents)
    select pharmacy_id, status, count(*), sum(gross_amount_due_cents), sum(coalesce(total_paid_cents, 0))
    from public.claims where pharmacy_id = $1 group by pharmacy_id, status
    on conflict (pharmacy_id, status) do update set claims = excluded.claims, gross_amount_due_cents = excluded.gross_amount_due_cents,
      total_paid_cents = excluded.total_paid_cents`, [pharmacyId]);
  await db.query(`
    insert into public.claim_daily_totals (pharmacy_id, service_date, bin, status, payer_name, claims, gross_amount_due_cents, total_paid_cents)
    select pharmacy_id, service_date, bin, status, max(payer_name), count(*), sum(gross_amount_due_cents), sum(coalesce(total_paid_cents, 0))
    from public.claims where pharmacy_id = $1 group by pharmacy_id, service_date, bin, status
    on conflict (pharmacy_id, service_date, bin, status) do update set claims = excluded.claims,
      gross_amount_due_cents = excluded.gross_amount_due_cents, total_paid_cents = excluded.total_paid_cents`, [pharmacyId]);
  await db.query(`
    insert into public.claim_patient_counts (pharmacy_id, patient_id, status, claims)
    select pharmacy_id, patient_id, status, count(*) from public.claims where pharmacy_id = $1 group by pharmacy_id, patient_id, status
    on conflict (pharmacy_id, patient_id, status) do update set claims = excluded.claims`, [pharmacyId]);
  await db.query(`
    insert into public.claim_answer_times (pharmacy_id, day, bin, answered, total_ms)
    select pharmacy_id, service_date, bin, count(*), count(*) * 240
    from public.claims where pharmacy_id = $1 and status <> 'pending' group by pharmacy_id, service_date, bin
    on conflict (pharmacy_id, day, bin) do update set answered = excluded.answered, total_ms = excluded.total_ms`, [pharmacyId]);
  await db.query('vacuum analyze public.patient_insurance_plans, public.claims, public.claim_events, public.claim_counters, public.claim_daily_totals, public.claim_answer_times, public.claim_patient_counts');
  // The Reports rollups (fills, payers' and patients' money, cost per day) the triggers would have kept, now that the
  // fills, the ledger and the claims are in: as a data migration would.
  await db.query('select private.rebuild_report_rollups($1)', [pharmacyId]);
  await db.query('vacuum analyze public.report_fill_contributions, public.report_daily_totals, public.report_daily_medication_fills');
}

/**
 * What the Reports screen's patients-served trigger would have kept (off in replica mode), rebuilt from the loaded
 * fills as its migration builds it (the report rollups are rebuilt with the claims, above).
 */
async function buildReportRollups(db: pg.Client, pharmacyId: string): Promise<void> {
  await db.query('select private.rebuild_patients_served($1)', [pharmacyId]);
}

async function buildPeople(db: pg.Client, pharmacyId: string): Promise<void> {
  await db.query('set session_replication_role = replica');
  await db.query(`
    insert into public.medications (id, pharmacy_id, name, generic_name, strength, dosage_form, ndc_number, price, stock, low_stock_threshold)
    select md5('scale-medication-' || i)::uuid, $1, 'Scalemed ' || i, 'scalemed' || i, (5 * (1 + i % 40)) || ' mg', 'tablet',
           -- 5-4-2, unique per product: labeler 30000 + i / 1000, product i % 1000.
           (30000 + i / 1000) || '-' || lpad((i % 1000)::text, 4, '0') || '-' || lpad((i % 97)::text, 2, '0'),
           4.99 + (i % 60), case when i % 200 = 0 then 4 else 500 + i % 1000 end, 10
    from generate_series(1, $2::int) i`, [pharmacyId, MEDICATIONS]);
  await db.query(`
    with names as (
      select array['James','Mary','John','Patricia','Robert','Jennifer','Michael','Linda','William','Elizabeth','David',
                   'Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Maria','Daniel',
                   'Nancy','Matthew','Lisa','Anthony','Betty','Mark','Margaret','Steven','Sandra','Paul','Ashley',
                   'Andrew','Kimberly','Joshua','Emily','Kenneth','Donna','Kevin'] as firsts,
             array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
                   'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin',
                   'Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker',
                   'Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores','Green','Adams','Nelson',
                   'Baker','Hall','Rivera','Campbell','Mitchell','Carter','Roberts'] as lasts,
             array['', 'son', 'ley', 'ton', 'field', 'ford'] as endings
    )
    insert into public.patients (id, pharmacy_id, first_name, last_name, date_of_birth, phone, created_at, updated_at)
    select md5('scale-patient-' || i)::uuid, $1,
           firsts[1 + i % 40], lasts[1 + (i / 40) % 50] || endings[1 + (i / 2000) % 6],
           date '1930-01-01' + (i * 37 % 27000),
           '(' || (200 + i % 800) || ') ' || lpad((i / 800 % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
           now() - (i % 730) * interval '1 day', now()
    from names, generate_series(1, $2::int) i`, [pharmacyId, PATIENTS]);
  // Prescribers: NPIs with their check digit (Luhn over 80840 + nine digits), a third verified, a tenth Needs Review,
  // licences and DEA registrations expiring over the next three years (a few within the 90-day alert window).
  await db.query(`
    with names as (
      select array['Alex','Sam','Jordan','Taylor','Morgan','Casey','Riley','Jamie','Avery','Quinn','Drew','Reese'] as firsts,
             array['Patel','Kim','Nguyen','Cohen','Okafor','Schmidt','Rossi','Tanaka','Silva','Novak','Haddad','Brennan',
                   'Larsen','Moreau','Kowalczyk','Ibrahim','Fischer','Costa','Murphy','Yilmaz'] as lasts,
             array['Family Medicine','Internal Medicine','Cardiology','Pediatrics','Psychiatry','Dermatology','Oncology',
                   'Endocrinology','Neurology','Orthopedic Surgery','Urgent Care','Obstetrics & Gynecology'] as specialties
    ), numbered as (
      select i, (100000000 + i * 7)::text as nine from generate_series(1, $2::int) i
    )
    insert into public.prescribers (id, pharmacy_id, title, first_name, last_name, degree, specialty, npi_number, license_number,
                                    license_state, license_expiration, dea_number, dea_expiration, verification_status,
                                    verification_reason, created_at, updated_at)
    select md5('scale-prescriber-' || i)::uuid, $1, 'Dr.', firsts[1 + i % 12], lasts[1 + (i / 12) % 20] || (i / 240),
           'MD', specialties[1 + i % 12],
           nine || ((10 - (24 + (select sum(case when k % 2 = 1 then (substr(nine, k, 1)::int * 2) / 10 + (substr(nine, k, 1)::int * 2) % 10
                                              else substr(nine, k, 1)::int end) from generate_series(1, 9) k)) % 10) % 10)::text,
           'L' || i, 'IL', current_date + (i % 1100) - 30, null, null,
           case when i % 10 = 0 then 'expired' when i % 3 = 0 then 'verified' else 'pending' end,
           case when i % 10 = 0 then 'State licence expired' when i % 3 = 0 then 'NPI, state licence, DEA registration and OIG exclusion list checked' else 'Not verified yet' end,
           now(), now()
    from names, numbered`, [pharmacyId, PRESCRIBERS]);
  await db.query('set session_replication_role = origin');
}

async function buildPrescriptions(db: pg.Client, pharmacyId: string): Promise<void> {
  await db.query('set session_replication_role = replica');
  // Orders: order i has 1 + i % 5 fills (three on average: FILLS = 3 × ORDERS), fills 30 days apart, the last one
  // LAST(i) back in time: the 530 newest orders' last fills make today's queue (150 pending, 80 processing, 300
  // ready, one every 4 minutes), the others' last fills are one every (two years / ORDERS) from 36 hours back.
  // Refills authorised = fills − 1 + i % 3 (some have refills left). Written on the first fill's date; Rx numbers
  // in the order written. Orders i % 1000 = 0 belong to the first 5 patients (100 orders each: a long profile).
  await db.query(`
    create temporary table scale_orders on commit preserve rows as
    with staff as (
      select (select coalesce(max(last_rx_number), 1000) from public.rx_number_counters where pharmacy_id = $1) as last_rx
    ), planned as (
      select i, 1 + i % 5 as fills,
             now() - case when i <= 530 then i * interval '4 minutes'
                          else interval '36 hours' + (i - 530) * (interval '730 days' / $2::int) end as last_at
      from generate_series(1, $2::int) i
    )
    select i, fills, last_at, last_at - (fills - 1) * interval '30 days' as first_at,
           staff.last_rx + row_number() over (order by last_at - (fills - 1) * interval '30 days', i) as rx_number
    from planned, staff`, [pharmacyId, ORDERS]);
  await db.query(`
    insert into public.prescription_orders (id, pharmacy_id, rx_number, patient_id, medication_id, prescriber_id, refills,
                                            last_fill_number, written_on, status, created_at, updated_at)
    select md5('scale-rx-' || o.i)::uuid, $1, o.rx_number,
           md5('scale-patient-' || case when o.i % 1000 = 0 then 1 + (o.i / 1000) % 5 else 1 + o.i % $2::int end)::uuid,
           md5('scale-medication-' || (1 + o.i % $3::int))::uuid,
           md5('scale-prescriber-' || case when o.i % 5 = 0 then 1 + ((o.i / 5) % $4::int) * ($5::int / $4::int) else 1 + o.i % $5::int end)::uuid,
           o.fills - 1 + o.i % 3, o.fills - 1, (o.first_at at time zone (select time_zone from public.pharmacies where id = $1))::date,
           'active', o.first_at, o.first_at
    from scale_orders o`, [pharmacyId, PATIENTS, MEDICATIONS, BUSY_PRESCRIBERS, PRESCRIBERS]);
  // Fills: fill k of order i entered at first_at + 30k days; fill 0's id is the order's.
  await db.query(`
    with staff as (
      select (select id from auth.users where email = 'tech@demo.pharmacy') as tech,
             (select id from auth.users where email = 'rph@demo.pharmacy') as rph,
             (select time_zone from public.pharmacies where id = $1) as tz
    ), planned as (
      select o.i, o.rx_number, k, o.fills - 1 + o.i % 3 as refills, o.first_at,
             case when k < o.fills - 1 or o.i > 530 then 'completed' when o.i <= 150 then 'pending'
                  when o.i <= 230 then 'processing' else 'ready' end as status,
             o.first_at + k * interval '30 days' as entered
      from scale_orders o, generate_series(0, o.fills - 1) k
    )
    insert into public.prescriptions (
      id, pharmacy_id, order_id, fill_number, rx_number, status, prescription_type, source, patient_id, prescriber_id,
      medication_id, directions, quantity, refills, days_supply, original_date, date_filled, entered_by, entered_at,
      processed_by, processed_at, verified_by, verified_at, completed_by, completed_at, created_at, updated_at, ai_flags)
    select case when k = 0 then md5('scale-rx-' || i) else md5('scale-rx-' || i || '-' || k) end::uuid, $1,
           md5('scale-rx-' || i)::uuid, k, planned.rx_number, planned.status,
           (array['written', 'fax', 'verbal', 'electronic'])[1 + i % 4],
           case when i % 4 = 3 then 'e-prescription' else 'manual_entry' end,
           md5('scale-patient-' || case when i % 1000 = 0 then 1 + (i / 1000) % 5 else 1 + i % $2::int end)::uuid,
           md5('scale-prescriber-' || case when i % 5 = 0 then 1 + ((i / 5) % $4::int) * ($5::int / $4::int) else 1 + i % $5::int end)::uuid,
           md5('scale-medication-' || (1 + i % $3::int))::uuid,
           'Take 1 tablet by mouth daily', 30, planned.refills, 30, (planned.first_at at time zone staff.tz)::date,
           case when planned.status in ('ready', 'completed') then ((planned.entered + interval '30 minutes') at time zone staff.tz)::date end,
           staff.tech, planned.entered,
           case when planned.status <> 'pending' then staff.tech end,
           case when planned.status <> 'pending' then planned.entered + interval '10 minutes' end,
           case when planned.status in ('ready', 'completed') then staff.rph end,
           case when planned.status in ('ready', 'completed') then planned.entered + interval '30 minutes' end,
           case when planned.status = 'completed' then staff.tech end,
           case when planned.status = 'completed' then planned.entered + interval '2 hours' end,
           planned.entered, planned.entered, '{"hasInteractions":false,"interactions":[],"recommendedActions":[]}'::jsonb
    from planned, staff`, [pharmacyId, PATIENTS, MEDICATIONS, BUSY_PRESCRIBERS, PRESCRIBERS]);
  await db.query('drop table scale_orders');
  await db.query('set session_replication_role = origin');
}

/** Times `samples` requests after a warm-up; judged against `goal` (GOAL_MS unless told) unless `judged` is false (a comparison figure). */
async function timed(label: string, samples: number, request: (i: number) => PromiseLike<{ error: unknown }>, judged = true, goal = GOAL_MS): Promise<boolean> {
  for (let i = 0; i < 10; i++) {
    const { error } = await request(i);
    if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const { error } = await request(i);
    times.push(performance.now() - started);
    if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
  }
  times.sort((x, y) => x - y);
  const p95 = percentile(times, 95);
  const figures = `  ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;
  if (!judged) {
    console.log(`${figures} (no goal)`);
    return true;
  }
  console.log(`${figures} (goal ≤ ${goal} ms): RATIO p95/goal = ${(p95 / goal).toFixed(3)} (goal ≤ 1) ${verdict(p95 <= goal)}`);
  return p95 <= goal;
}

async function measureApi(env: StackEnv, db: pg.Client, pharmacyId: string): Promise<boolean> {
  const tech: SupabaseClient = createClient(env.apiUrl, env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await tech.auth.signInWithPassword({ email: 'tech@demo.pharmacy', password: 'demo-password' });
  if (error) throw new Error(`the demo technician could not sign in: ${error.message}`);

  const embed = 'id, rx_number, status, prescription_type, created_at, directions, quantity, ai_flags, '
    + 'patient:patients!prescriptions_patient_fkey(id, first_name, last_name, allergies), '
    + 'medication:medications!prescriptions_medication_fkey(id, name, strength)';
  const { data: deep } = await tech.rpc('queue_page', { queue_status: 'completed', search: null, page_size: 1, after_created_at: new Date(Date.now() - 365 * 86_400_000).toISOString(), after_id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' });
  const cursor = (deep as { id: string; created_at: string }[])[0]!;
  const pages: Record<string, Record<string, unknown>> = {
    'Pending tab': { queue_status: 'pending' },
    'Completed tab': { queue_status: 'completed' },
    'Completed, a year back': { queue_status: 'completed', after_created_at: cursor.created_at, after_id: cursor.id },
    'Completed, search "smith"': { queue_status: 'completed', search: 'smith' },
    'Completed, search "kevin torresford"': { queue_status: 'completed', search: 'kevin torresford' },
    'Completed, search "RX 250000"': { queue_status: 'completed', search: 'RX 250000' },
    'Completed, filled a month ago': { queue_status: 'completed', filled_on: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) },
  };
  const searches = ['smi', 'mary', 'johnson', 'ley', '123-4', 'torres', 'kevin', 'ford', 'nguyenton', 'zzz'];
  // Product 12,345 is Scalemed 12345, NDC 30012-0345-26 (labeler 30000 + 12, product 345, package 12345 % 97: buildPeople).
  const drugSearches: Record<string, unknown>[] = [
    { search: 'lisino' }, { search: 'ibuprofen' }, { search: 'scalemed 12345' }, { search: 'oxycodone' },
    { search: '30012-0345-26' }, { search: '30012034526' }, { search: '30012' }, { search: '30012-0345' },
    { search: '', low_stock_only: true }, { search: '', page_offset: 250 },
  ];
  // The header's search box as staff type in it: names (a prefix, two words, a common one), a phone, dates of birth
  // in US forms, drugs by name and strength, NDCs, an Rx number bare and prefixed, a prescriber.
  const globalSearches = ['smi', 'mary johnson', 'torres', '(212) 345-0012', '03/14/1948', '3-14-48', 'lisinopril 10mg',
    'scalemed 12345', '30012-0345-26', '250000', 'RX 250000', 'patel', 'zzz'];

  const results = [
    await timed('queue counts (prescription_queue_counts)', SAMPLES, () => tech.rpc('prescription_queue_counts')),
    ...(await Promise.resolve().then(async () => {
      const each: boolean[] = [];
      for (const [name, args] of Object.entries(pages)) {
        each.push(await timed(`one queue page: ${name} (50 rows, patient and medication embedded)`, SAMPLES / 2,
          () => tech.rpc('queue_page', args).select(embed)));
      }
      return each;
    })),
    await timed('patient search (search_patients: name/phone, exact total_count, 25 per page)', SAMPLES, (i) =>
      tech.rpc('search_patients', { search: searches[i % searches.length]!, page_size: 25, page_offset: 0 })
        .select('id, first_name, last_name, date_of_birth, phone, insurance_provider, allergies, total_count')),
    await timed('patient search, a date of birth and ten phone digits (search_patients)', SAMPLES, (i) =>
      tech.rpc('search_patients', { search: i % 2 ? '03/14/1948' : '(212) 345-0012', page_size: 25, page_offset: 0 })
        .select('id, first_name, last_name, date_of_birth, phone, total_count')),
    // For comparison (not a goal): the same search as ILIKE filters on the table, which RLS keeps off the indexes.
    (await timed('  (for comparison) the table with ilike filters under RLS', SAMPLES / 4, (i) => {
      const q = searches[i % searches.length]!;
      return tech.from('patients').select('id, first_name, last_name, date_of_birth, phone, insurance_provider, allergies', { count: 'exact' })
        .or(`first_name.ilike.%${q}%,last_name.ilike.%${q}%,phone.ilike.%${q}%`)
        .order('last_name').order('first_name').order('id').range(0, 24);
    }, false)),
    await timed('patient list, no search (search_patients: exact total_count, 25 per page)', SAMPLES,
      (i) => tech.rpc('search_patients', { search: '', page_size: 25, page_offset: (i % 20) * 25 })
        .select('id, first_name, last_name, date_of_birth, phone, insurance_provider, allergies, total_count')),
    await timed(`drug search (search_medications at ${MEDICATIONS.toLocaleString('en-US')} products: name, NDC, low stock, list; exact total_count, 25 per page)`, SAMPLES, (i) =>
      tech.rpc('search_medications', drugSearches[i % drugSearches.length]!)
        .select('id, name, strength, ndc_number, stock, is_low_stock, total_count')),
    await timed('global search (global_search: patients, medications, an Rx number, prescribers; 5 of each, best first)', SAMPLES, (i) =>
      tech.rpc('global_search', { query: globalSearches[i % globalSearches.length]!, per_kind: 5 })),
    await timed('dashboard stats (dashboard_stats)', SAMPLES, () => tech.rpc('dashboard_stats')),
    ...(await measureDirectory(tech)),
    ...(await measureFiles(tech)),
    ...(await measureInventory(tech)),
    ...(await measureWholesale(tech)),
    ...(await measureBilling(tech)),
    await measureProfile(tech),
    await measureRefill(env, tech, db, pharmacyId),
  ];
  await tech.auth.signOut();
  results.push(...(await measureReports(env, db, pharmacyId)));
  return results.every(Boolean);
}

/**
 * The Providers screen at PRESCRIBERS prescribers (the busiest with ~2,000 orders each): a page of 24 cards with
 * activeCount and lastPrescription derived, by tab and search (a last name's part, a specialty, an NPI, two words),
 * the tabs' counts, and the New Prescription form's prescriber picker (8 rows); the credential alerts.
 */
async function measureDirectory(tech: SupabaseClient): Promise<boolean[]> {
  const { data: sample } = await tech.rpc('prescriber_directory', { search: 'patel1', page_size: 1 });
  const npi = (sample as { npi_number: string }[])[0]!.npi_number;
  const pages: Record<string, unknown>[] = [
    { page_size: 24 }, { status: 'verified', page_size: 24 }, { status: 'expired', page_size: 24 },
    { search: 'kowal', page_size: 24 }, { search: 'cardiology', page_size: 24 }, { search: npi, page_size: 24 },
    { search: 'sam patel', page_size: 24 }, { search: 'zzz', page_size: 24 }, { search: 'pa', page_size: 24 },
    { after_last_name: 'Moreau40', after_first_name: 'Alex', after_id: '00000000-0000-0000-0000-000000000000', page_size: 24 },
  ];
  const searches = ['', 'kowal', 'cardiology', npi, 'sam patel', 'zzz'];
  const columns = 'id, first_name, last_name, specialty, npi_number, verification_status, active_count, last_prescription, excluded';
  return [
    await timed(`provider directory page (prescriber_directory at ${PRESCRIBERS.toLocaleString('en-US')} prescribers: tabs, searches, 24 cards with activeCount)`,
      SAMPLES, (i) => tech.rpc('prescriber_directory', pages[i % pages.length]!).select(columns)),
    await timed('provider tab counts (prescriber_directory_counts, with and without a search)', SAMPLES,
      (i) => tech.rpc('prescriber_directory_counts', { search: searches[i % searches.length]! })),
    await timed('prescriber picker (prescriber_directory, 8 rows as typed)', SAMPLES,
      (i) => tech.rpc('prescriber_directory', { search: ['ko', 'kowa', 'nguyen', npi.slice(0, 6), 'derm'][i % 5]!, page_size: 8, with_activity: false })
        .select('id, first_name, last_name, degree, specialty, npi_number, dea_number, verification_status, verification_reason, excluded')),
    await timed('prescriber credential alerts (prescriber_credential_alerts, first 5 and the exact count)', SAMPLES,
      () => tech.rpc('prescriber_credential_alerts', { within_days: 90 }, { count: 'exact' }).select('prescriber_id, expires_on').limit(5)),
  ];
}

/**
 * The Prescription Files screen at FILES files: a page of 25 (all, by status, a page a year back, searched by patient,
 * drug, prescriber or file name) and the processing stats, as GET /api/prescription-files reads them.
 */
async function measureFiles(tech: SupabaseClient): Promise<boolean[]> {
  const yearBack = new Date(Date.now() - 365 * 86_400_000).toISOString();
  const pages: Record<string, unknown>[] = [
    { page_size: 26 }, { status: 'pending', page_size: 26 }, { status: 'manual_review', page_size: 26 }, { status: 'error', page_size: 26 },
    { after_uploaded_at: yearBack, after_id: 'ffffffff-ffff-4fff-bfff-ffffffffffff', page_size: 26 },
    { search: 'mary davis', page_size: 26 }, { search: 'atorvastatin', page_size: 26 }, { search: 'scale 42', page_size: 26 },
    { search: 'fax-12345', page_size: 26 }, { search: 'zzz', page_size: 26 }, { search: 'smith', status: 'manual_review', page_size: 26 },
  ];
  const columns = 'id, prescription_id, file_name, file_type, file_size, processing_status, extraction_confidence, manual_review_required, '
    + 'uploaded_at, processed_at, patient_data, drug_data, prescriber_data, received_as, source_format, error_reason, checks, '
    + 'matched_patient_id, matched_prescriber_id, matched_medication_id, ocr_confidence, reviewed_at, storage_path';
  return [
    await timed(`prescription file list (prescription_file_page at ${FILES.toLocaleString('en-US')} files: statuses, a year back, searches)`,
      SAMPLES, (i) => tech.rpc('prescription_file_page', pages[i % pages.length]!).select(columns)),
    await timed('prescription file stats (prescription_file_stats)', SAMPLES, () => tech.rpc('prescription_file_stats')),
  ];
}

/**
 * The Inventory screen at MEDICATIONS products and three years of ledger: a page of 25 of inventory_items (all, each
 * status, searches, a page deep) with lots, 30-day use and forecast, the overview and the 7/30/90-day analytics.
 */
async function measureInventory(tech: SupabaseClient): Promise<boolean[]> {
  const pages: Record<string, unknown>[] = [
    { status: 'all' }, { status: 'low' }, { status: 'out_of_stock' }, { status: 'adequate' }, { search: 'scalemed 12345' },
    { search: '30012-0345-26' }, { search: 'lisino' }, { status: 'all', page_offset: 250 }, { search: 'zzz' },
  ];
  return [
    await timed(`inventory list (inventory_items at ${MEDICATIONS.toLocaleString('en-US')} products, 3 years of ledger: statuses, searches, 25 per page)`,
      SAMPLES, (i) => tech.rpc('inventory_items', { page_size: 25, ...pages[i % pages.length]! })),
    await timed('inventory overview (inventory_overview)', SAMPLES, () => tech.rpc('inventory_overview')),
    await timed('inventory analytics (inventory_analytics: 7, 30, 90 days)', SAMPLES, () => tech.rpc('inventory_analytics')),
  ];
}

/**
 * The Orders tab at WHOLESALE_ORDERS orders (WHOLESALE_LINES lines each): a page of 25 with its exact total, by
 * filter and search, a page deep; one order in full.
 */
async function measureWholesale(tech: SupabaseClient): Promise<boolean[]> {
  const pages: Record<string, unknown>[] = [
    { status_filter: 'all' }, { status_filter: 'pending' }, { status_filter: 'delivered' }, { status_filter: 'cancelled' },
    { search: 'IN1234' }, { search: 'wholesaler two' }, { status_filter: 'all', page_offset: 1000 },
  ];
  const orderIds = [7, 1234, 2500].map((n) => createHash('md5').update(`scale-wholesale-order-${n}`).digest('hex'))
    .map((h) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
  return [
    await timed(`wholesale orders (wholesale_order_page at ${WHOLESALE_ORDERS.toLocaleString('en-US')} orders: filters, searches, exact total, 25 per page)`,
      SAMPLES, (i) => tech.rpc('wholesale_order_page', { page_size: 25, ...pages[i % pages.length]! })),
    await timed(`one wholesale order in full (wholesale_order_detail: ${WHOLESALE_LINES} lines)`, SAMPLES,
      (i) => tech.rpc('wholesale_order_detail', { order_id: orderIds[i % orderIds.length]! })),
  ];
}

/**
 * The Billing screen at FILLS fills billed: the Claims tab's page (filters, an Rx number, a patient's name, a page
 * deep, exact totals), the overview, the six reports (a month, a quarter, a year, as of today, a payer's week) and
 * the reconciliation (a month's short-paid and unpaid).
 */
async function measureBilling(tech: SupabaseClient): Promise<boolean[]> {
  const day = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
  const pages: Record<string, unknown>[] = [
    { status_filter: 'all' }, { status_filter: 'pending' }, { status_filter: 'rejected' }, { status_filter: 'paid' },
    { status_filter: 'reversed' }, { search: 'RX 250000' }, { search: 'smith' }, { search: 'kevin torresford' },
    { status_filter: 'paid', page_offset: 1000 },
  ];
  const reports: Record<string, unknown>[] = [
    { report: 'daily-claims', from_date: day(30), to_date: day(0) },
    { report: 'weekly-revenue', from_date: day(91), to_date: day(0) },
    { report: 'rejection-analysis', from_date: day(30), to_date: day(0) },
    { report: 'payer-performance', from_date: day(365), to_date: day(0) },
    { report: 'aging' },
    { report: 'custom', from_date: day(7), to_date: day(7), payer_bin: '999002' },
    { report: 'daily-claims', from_date: day(365), to_date: day(0), payer_bin: '999001' },
  ];
  return [
    await timed(`claims list (claim_page at ${FILLS.toLocaleString('en-US')} fills billed: filters, Rx, patient, a page deep, exact totals, 25 per page)`,
      SAMPLES, (i) => tech.rpc('claim_page', { page_size: 25, ...pages[i % pages.length]! })),
    await timed('billing overview (billing_overview)', SAMPLES, () => tech.rpc('billing_overview')),
    await timed('billing reports (billing_report: daily a month and a year, weekly a quarter, rejections, payers a year, aging, a payer\'s day of claims)',
      SAMPLES, (i) => tech.rpc('billing_report', reports[i % reports.length]!)),
    await timed('reconciliation (reconciliation_page: a month short-paid, unpaid)', SAMPLES,
      (i) => tech.rpc('reconciliation_page', { outcome: i % 2 ? 'short_paid' : 'unpaid', from_date: day(60), to_date: day(30) })),
  ];
}

/**
 * The Reports screen, as the demo pharmacist (reports:read): the stat cards (reports_overview) of 7 days, 30 days and
 * a year, each with the period before it, the weekly activity, the top medications of 30 days and a year and the
 * system alerts, p95 against REPORTS_GOAL_MS; and the reports themselves through the api (GET /api/reports/…: sales,
 * inventory, patients and the controlled-substance log of a month, the dispensing log of a day) and the PMP file's
 * fills of a month (pmp_fills through PostgREST: the api's pmp records each file as submitted), printed against
 * REPORT_FILE_BUDGET_MS but not judged (a report is read now and then, not on every screen). Exported to measure a
 * stack kept loaded (BENCH_SCALE_KEEP=1) again after a change.
 */
export async function measureReports(env: StackEnv, db: pg.Client, pharmacyId: string): Promise<boolean[]> {
  const rph: SupabaseClient = createClient(env.apiUrl, env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await rph.auth.signInWithPassword({ email: 'rph@demo.pharmacy', password: 'demo-password' });
  if (error) throw new Error(`the demo pharmacist could not sign in: ${error.message}`);
  const { rows } = await db.query<{ today: string }>(
    `select to_char(private.pharmacy_local_date($1, now()), 'YYYY-MM-DD') as today`, [pharmacyId]);
  const today = rows[0]!.today;
  const day = (daysBack: number) => new Date(Date.parse(`${today}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
  const token = (await rph.auth.getSession()).data.session!.access_token;
  const report = async (name: string, from: string, to: string): Promise<{ error: unknown }> => {
    const response = await fetch(`${env.apiUrl}/functions/v1/api/reports/${name}?from=${from}&to=${to}&format=json`, {
      headers: { apikey: env.anonKey, Authorization: `Bearer ${token}` },
    });
    const body = await response.text();
    return { error: response.ok ? null : `${response.status} ${body}` };
  };
  const results = [
    await timed('reports stat cards, 7 days and the 7 before (reports_overview)', SAMPLES,
      () => rph.rpc('reports_overview', { from_date: day(6), to_date: day(0) }), true, REPORTS_GOAL_MS),
    await timed('reports stat cards, 30 days and the 30 before (reports_overview)', SAMPLES,
      () => rph.rpc('reports_overview', { from_date: day(29), to_date: day(0) }), true, REPORTS_GOAL_MS),
    await timed('reports stat cards, 365 days and the 365 before (reports_overview)', SAMPLES,
      () => rph.rpc('reports_overview', { from_date: day(364), to_date: day(0) }), true, REPORTS_GOAL_MS),
    await timed('reports weekly activity (reports_weekly_activity)', SAMPLES,
      () => rph.rpc('reports_weekly_activity'), true, REPORTS_GOAL_MS),
    await timed('reports top medications, 30 days (reports_top_medications)', SAMPLES,
      () => rph.rpc('reports_top_medications', { from_date: day(29), to_date: day(0) }), true, REPORTS_GOAL_MS),
    await timed('reports top medications, 365 days (reports_top_medications)', SAMPLES,
      () => rph.rpc('reports_top_medications', { from_date: day(364), to_date: day(0) }), true, REPORTS_GOAL_MS),
    await timed('reports system alerts (reports_system_alerts)', SAMPLES,
      () => rph.rpc('reports_system_alerts'), true, REPORTS_GOAL_MS),
  ];
  const files = SAMPLES / 10;
  // Not judged, so a report that fails is said and the bench goes on.
  const printed = async (label: string, request: () => PromiseLike<{ error: unknown }>) => {
    try {
      await timed(`  (not judged) ${label}`, files, request, true, REPORT_FILE_BUDGET_MS);
    } catch (failure) {
      console.log(`    (not judged) ${label}: FAILED ${(failure as Error).message.slice(0, 300)}`);
    }
  };
  for (const name of ['sales', 'inventory', 'patients', 'controlled-substances']) {
    await printed(`GET /api/reports/${name}, a month`, () => report(name, day(29), day(0)));
  }
  await printed('GET /api/reports/dispensing-log, a day', () => report('dispensing-log', day(1), day(1)));
  await printed('PMP fills of a month (pmp_fills)', () => rph.rpc('pmp_fills', { from_date: day(29), to_date: day(0) }));
  await rph.auth.signOut();
  return results;
}

/** The patient profile's prescriptions: the five patients with 100 orders each (buildPrescriptions), first and second page. */
async function measureProfile(tech: SupabaseClient): Promise<boolean> {
  const heavy = [1, 2, 3, 4, 5].map((n) => createHash('md5').update(`scale-patient-${n}`).digest('hex'))
    .map((h) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
  const cursors: Record<string, unknown>[] = [];
  for (const patient of heavy) {
    const { data, error } = await tech.rpc('patient_prescription_orders', { for_patient_id: patient, page_size: 50 });
    if (error) throw new Error(`patient_prescription_orders: ${JSON.stringify(error)}`);
    const page = data as { order_id: string; created_at: string }[];
    if (page.length !== 50) throw new Error(`patient ${patient} has ${page.length} orders on the first page, not 50`);
    cursors.push({ for_patient_id: patient, page_size: 50 });
    cursors.push({ for_patient_id: patient, page_size: 50, after_created_at: page[49]!.created_at, after_id: page[49]!.order_id });
  }
  return timed('patient profile prescriptions (patient_prescription_orders: a patient of 100 orders, 300 fills; pages 1 and 2 of 50)',
    SAMPLES, (i) => tech.rpc('patient_prescription_orders', cursors[i % cursors.length]!));
}

/**
 * A refill as the demo technician, each on a different order that is due (refills left, last fill completed 23+
 * days ago, non-controlled, written within the year): through the api (POST /api/prescriptions/{id}/refill) or,
 * with BENCH_SCALE_REFILL_VIA=rpc, refill_prescription through PostgREST.
 */
async function measureRefill(env: StackEnv, tech: SupabaseClient, db: pg.Client, pharmacyId: string): Promise<boolean> {
  const { rows: due } = await db.query<{ id: string }>(`
    select o.id from public.prescription_orders o
    join public.medications m on m.pharmacy_id = o.pharmacy_id and m.id = o.medication_id
    cross join lateral (
      select p.fill_number, p.status, p.date_filled from public.prescriptions p
      where p.pharmacy_id = o.pharmacy_id and p.order_id = o.id and p.status <> 'cancelled'
      order by p.fill_number desc limit 1) last
    where o.pharmacy_id = $1 and o.status = 'active' and m.dea_schedule is null
      and last.status = 'completed' and last.fill_number < o.refills
      and last.date_filled <= current_date - 25 and o.written_on > current_date - interval '11 months'
      and o.rx_number % 97 = 0
    order by o.rx_number desc limit $2`, [pharmacyId, SAMPLES + 10]);
  if (due.length < SAMPLES + 10) throw new Error(`only ${due.length} orders are due for a refill`);
  const { data: session } = await tech.auth.getSession();
  const token = session.session!.access_token;
  const refill = async (i: number): Promise<{ error: unknown }> => {
    const id = due[i]!.id;
    if (REFILL_VIA === 'rpc') {
      const { data, error } = await tech.rpc('refill_prescription', { prescription_id: id });
      if (!error && (data as { fill_number: number }).fill_number < 1) return { error: 'not a refill' };
      return { error };
    }
    const response = await fetch(`${env.apiUrl}/functions/v1/api/prescriptions/${id}/refill`, {
      method: 'POST', headers: { apikey: env.anonKey, Authorization: `Bearer ${token}` },
    });
    const body = await response.text();
    return { error: response.status === 201 ? null : `${response.status} ${body}` };
  };
  const label = REFILL_VIA === 'rpc'
    ? 'refill (rpc refill_prescription through PostgREST, as the technician, each a different due order)'
    : 'refill (POST /api/prescriptions/{id}/refill, the api edge function, as the technician, each a different due order)';
  // timed() warms up on orders 0–9 and measures 10…: each call its own order.
  let call = 0;
  return timed(label, SAMPLES, () => refill(call++));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed: ${err}`))));
  });
}

async function waitForPort(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The production build served by `vite preview`, as a pharmacy's terminal would load it. */
async function measureScreen(env: StackEnv, webPort: number): Promise<boolean> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-scale-web-'));
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const viteEnv = { ...process.env, VITE_SUPABASE_URL: env.apiUrl, VITE_SUPABASE_ANON_KEY: env.anonKey, STACK_WEB_PORT: String(webPort) };
  let preview: ChildProcess | undefined;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    await run(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], viteEnv);
    preview = spawn(process.execPath, [vite, 'preview', '--config', 'web/vite.config.ts', '--outDir', outDir], { cwd: repoRoot, env: viteEnv, stdio: 'ignore', detached: true });
    const baseUrl = `http://127.0.0.1:${webPort}`;
    await waitForPort(baseUrl);

    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('tech@demo.pharmacy');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 30_000 });

    // Usable = the first queue card and the tab counters (a number on every tab, a number in the summary counters).
    const usable = async () => {
      await page.getByRole('tabpanel').getByRole('article').first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
      for (const tab of ['Pending', 'Processing', 'Ready', 'Completed']) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}\\b.*\\d`) }).waitFor({ timeout: SCREEN_TIMEOUT_MS });
      }
      await page.getByRole('region', { name: 'Prescription counters' }).getByText(/\d/).first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
    };
    const times: number[] = [];
    for (let i = 0; i <= BROWSER_RUNS; i++) {
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 30_000 });
      const started = performance.now();
      await page.goto(`${baseUrl}/prescriptions`);
      try {
        await usable();
      } catch {
        const tabs = await page.getByRole('tablist').first().innerText({ timeout: 1_000 }).catch(() => '(no tabs)');
        console.log(`  queue screen usable after navigation: NOT usable within ${SCREEN_TIMEOUT_MS / 1000} s (tabs showed: ${tabs.replace(/\s+/g, ' ')}) NOT MET`);
        return false;
      }
      // The first load fills the browser's cache with the build's chunks; the figure is a terminal in daily use.
      if (i > 0) times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    const median = percentile(times, 50);
    const worst = times[times.length - 1]!;
    console.log(`  queue screen usable after navigation (Chromium, production build, ${times.length} loads): median ${median.toFixed(0)} ms, `
      + `worst ${worst.toFixed(0)} ms (goal ≤ ${SCREEN_GOAL_MS} ms) ${verdict(worst <= SCREEN_GOAL_MS)}`);
    return worst <= SCREEN_GOAL_MS;
  } finally {
    await browser.close();
    if (preview?.pid) process.kill(-preview.pid, 'SIGTERM');
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export async function runScaleBench(env: StackEnv, webPort: number): Promise<boolean> {
  const db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(`select id from public.pharmacies where is_demo`);
    if (!rows[0]) throw new Error('the bench needs the demo pharmacy of the seed');
    const started = performance.now();
    await buildPharmacy(env, db, rows[0].id);
    const built = (performance.now() - started) / 1000;
    console.log(`  built ${PATIENTS.toLocaleString('en-US')} patients, ${ORDERS.toLocaleString('en-US')} prescriptions `
      + `(orders) with ${FILLS.toLocaleString('en-US')} fills, `
      + `${MEDICATIONS.toLocaleString('en-US')} medications in ${built.toFixed(1)} s (goal < ${BUILD_GOAL_S} s) ${verdict(built < BUILD_GOAL_S)}`);
    // Statistics and the visibility map, as autovacuum would leave them after a load.
    const vacuumStarted = performance.now();
    await db.query('vacuum analyze public.prescriptions, public.prescription_orders, public.patients, public.medications, public.prescribers, public.prescription_queue_counters, public.prescription_files, public.prescription_file_counters');
    console.log(`  (vacuum analyze after the load: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s)`);
    const claimsStarted = performance.now();
    await buildClaims(db, rows[0].id);
    console.log(`  (claims: a plan for every patient, a claim for every fill billed, their rollups: ${((performance.now() - claimsStarted) / 1000).toFixed(1)} s, no goal)`);
    const rollupsStarted = performance.now();
    await buildReportRollups(db, rows[0].id);
    console.log(`  (the Reports screen's rollups from the loaded fills: ${((performance.now() - rollupsStarted) / 1000).toFixed(1)} s, no goal)`);
    try {
      const api = await measureApi(env, db, rows[0].id);
      const screen = await measureScreen(env, webPort);
      return built < BUILD_GOAL_S && api && screen;
    } finally {
      if (process.env.BENCH_SCALE_KEEP === '1') {
        // For looking into a figure (explain analyze) at full size without loading it again, even after a failure.
        console.log(`  (BENCH_SCALE_KEEP=1: the loaded stack stays up, database ${env.dbUrl}; Ctrl-C or SIGTERM ends it)`);
        await new Promise((resolve) => { process.once('SIGINT', resolve); process.once('SIGTERM', resolve); });
      }
    }
  } finally {
    await db.end();
  }
}
