/**
 * Printable documents of a prescription (spec part 1 §4 "Label page", §7; part 2 System Settings → Printing,
 * Labels):
 * - POST /api/labels/generate {prescriptionId, monograph?} → 200 text/html: the label with the federally required
 *   elements, the schedule II–IV transfer warning, at the pharmacy's Regular Rx size and labels per page, with
 *   the Code 128 barcode of the Rx number and the pharmacy logo as the Printing settings say; then the
 *   patient-information sheet when monograph printing is on and integrated with the label (monograph.ts).
 * - POST /api/labels/monograph {prescriptionId, monograph?} → 200 text/html: the sheet alone.
 * - GET /api/labels/test-print → 200 text/html: a page of each label type marked TEST (sample text only).
 * - POST /api/receipts/generate {prescriptionId} → 200 text/html: the pickup receipt with the price.
 * Label and receipt name the fill ("Refill N of M" on a refill) and the refills remaining after it (issue 21).
 * All act as the caller: another pharmacy's prescription is 404, and each label or receipt is recorded in
 * prescription_label_prints (kind 'label' or 'receipt'); the database refuses prints of prescriptions that
 * are not verified yet (409). 400 on a bad body or a monograph choice the pharmacy does not offer, 401 without
 * a signed-in user.
 */
import { localDateIn } from '@pharmacy/shared/common/dates.ts';
import { prescriptionLabelHtml, regularRxLabelOptions, type LabelPharmacy } from '@pharmacy/shared/labels/label-html.ts';
import { monographHtml, monographSection, type MonographSheet } from '@pharmacy/shared/labels/monograph-html.ts';
import {
  findMonographEntry,
  MONOGRAPH_PRINTING_OFF_MESSAGE,
  MonographChoiceError,
  monographDrugTitle,
  monographPages,
  monographPlan,
  type MonographPlan,
} from '@pharmacy/shared/labels/monograph.ts';
import { TEST_PRINT_STAFF_ONLY_MESSAGE, testPrintHtml } from '@pharmacy/shared/labels/test-print.ts';
import { prescriptionReceiptHtml, type ReceiptBilling } from '@pharmacy/shared/labels/receipt-html.ts';
import type { FillBilling } from '@pharmacy/shared/billing/claim.ts';
import type { MonographChoice } from '@pharmacy/shared/labels/print-request.ts';
import {
  generateLabelEndpoint,
  generateMonographEndpoint,
  generateReceiptEndpoint,
  testPrintLabelsEndpoint,
} from '@pharmacy/shared/api/labels.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { HttpError } from '../../_shared/http.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { createUserClient, type DatabaseClient } from '../../_shared/supabase-clients.ts';
import { readPrintablePrescription, recordPrint, type PrintablePrescription } from '../prescriptions/printable-prescription.ts';
import { readDrugKnowledge, readLabelLogo, readLabelSettings, type LabelSettings } from '../labels/label-settings.ts';

/** The plan for a prescription's sheet; a choice the pharmacy does not offer is the client's error (400). */
async function planFor(client: DatabaseClient, settings: LabelSettings, prescription: PrintablePrescription, choice: MonographChoice | undefined) {
  if (!settings.printing.enableMonographPrinting && (choice === undefined || choice === 'none')) return null;
  const knowledge = await readDrugKnowledge(client, prescription.medication.id);
  const entry = findMonographEntry(settings.monographs, prescription.medication, knowledge.generics);
  try {
    const plan = monographPlan(settings.printing, entry, choice);
    return plan ? { plan, knowledge } : null;
  } catch (error) {
    if (error instanceof MonographChoiceError) throw new HttpError(400, error.message);
    throw error;
  }
}

function sheetFor(
  settings: LabelSettings,
  prescription: PrintablePrescription,
  planned: { plan: MonographPlan; knowledge: Awaited<ReturnType<typeof readDrugKnowledge>> },
): MonographSheet {
  const { printing } = settings;
  return {
    pharmacy: prescription.pharmacy,
    drugTitle: monographDrugTitle(prescription.medication),
    rxNumber: prescription.rxNumber,
    settings: printing,
    pages: monographPages(planned.plan, printing, prescription.medication, prescription, planned.knowledge),
  };
}

/** What the receipt says of the fill's billing (insurers paid, the patient's share, payments, balance). */
async function readReceiptBilling(client: DatabaseClient, prescriptionId: string): Promise<ReceiptBilling> {
  const { data, error } = await client.rpc('fill_billing', { prescription_id: prescriptionId });
  if (error) throw databaseFailure('reading the prescription\'s billing', error);
  const billing = data as unknown as FillBilling;
  return {
    insurers: billing.claims.filter((claim) => claim.status === 'paid')
      .map((claim) => ({ payerName: claim.payerName, paidCents: claim.totalPaidCents ?? 0 })),
    patientShareCents: billing.share.patientShareCents,
    payments: billing.payments.map((payment) => ({
      method: payment.method, reference: payment.reference, amountCents: payment.amountCents, receiptNumber: payment.receiptNumber,
    })),
    balanceCents: billing.share.balanceCents,
  };
}

export function addLabelRoutes(router: ApiRouter): void {
  router.serve(generateLabelEndpoint, async ({ req, body: { prescriptionId, monograph } }) => {
    const client = createUserClient(req);
    const prescription = await readPrintablePrescription(client, prescriptionId);
    const settings = await readLabelSettings(client, prescription.pharmacyId);
    const planned = await planFor(client, settings, prescription, monograph);
    const logo = settings.printing.regularRxPrintLogo ? await readLabelLogo(client, prescription.pharmacyId) : null;
    const after = planned && planned.plan.placement === 'with_label' ? [monographSection(sheetFor(settings, prescription, planned))] : [];
    const html = prescriptionLabelHtml(
      {
        pharmacy: prescription.pharmacy,
        rxNumber: prescription.rxNumber,
        dateFilled: prescription.dateFilled ?? prescription.pharmacyToday,
        patientName: prescription.patientName,
        prescriberName: prescription.prescriberName,
        drugName: prescription.medication.name,
        strength: prescription.medication.strength,
        quantity: prescription.quantity,
        directions: prescription.directions,
        fillNumber: prescription.fillNumber,
        refills: prescription.refills,
        deaSchedule: prescription.medication.deaSchedule,
      },
      regularRxLabelOptions(settings.printing, logo),
      after,
    );
    await recordPrint(client, prescription.id, 'label');
    return html;
  });

  router.serve(generateMonographEndpoint, async ({ req, body: { prescriptionId, monograph } }) => {
    const client = createUserClient(req);
    const prescription = await readPrintablePrescription(client, prescriptionId);
    const settings = await readLabelSettings(client, prescription.pharmacyId);
    if (!settings.printing.enableMonographPrinting) throw new HttpError(409, MONOGRAPH_PRINTING_OFF_MESSAGE);
    const planned = await planFor(client, settings, prescription, monograph);
    if (!planned) throw new HttpError(409, 'No patient information is set to print for this prescription');
    return monographHtml(sheetFor(settings, prescription, planned));
  });

  router.serve(testPrintLabelsEndpoint, async ({ req }) => {
    const client = createUserClient(req);
    const { data, error } = await client
      .from('pharmacies')
      .select('id, pharmacy_name, street_address, city, state, zip_code, phone, time_zone')
      .maybeSingle();
    if (error) throw databaseFailure('reading the pharmacy', error);
    // RLS shows staff their own pharmacy only; no row means the caller is no active staff member.
    if (!data) throw new HttpError(403, TEST_PRINT_STAFF_ONLY_MESSAGE);
    const pharmacy: LabelPharmacy = {
      name: data.pharmacy_name,
      streetAddress: data.street_address,
      city: data.city,
      state: data.state,
      zipCode: data.zip_code,
      phone: data.phone,
    };
    const { printing } = await readLabelSettings(client, data.id);
    const logo = printing.regularRxPrintLogo ? await readLabelLogo(client, data.id) : null;
    return testPrintHtml({ pharmacy, settings: printing, logoDataUri: logo, today: localDateIn(data.time_zone, new Date()) });
  });

  router.serve(generateReceiptEndpoint, async ({ req, body: { prescriptionId } }) => {
    const client = createUserClient(req);
    const prescription = await readPrintablePrescription(client, prescriptionId);
    const billing = await readReceiptBilling(client, prescription.id);
    const html = prescriptionReceiptHtml({
      pharmacy: prescription.pharmacy,
      rxNumber: prescription.rxNumber,
      date: prescription.dateFilled ?? prescription.pharmacyToday,
      patientName: prescription.patientName,
      drugName: prescription.medication.name,
      strength: prescription.medication.strength,
      quantity: prescription.quantity,
      fillNumber: prescription.fillNumber,
      refills: prescription.refills,
      price: prescription.medication.price,
      ...(billing ? { billing } : {}),
    });
    await recordPrint(client, prescription.id, 'receipt');
    return html;
  });
}
