/**
 * Printable documents of a prescription (spec part 1 §4 "Label page", §7):
 * - POST /api/labels/generate {prescriptionId} → 200 text/html: the 4 in × 2.5 in label with the federally
 *   required elements, the schedule II–IV transfer warning and a Code 128 barcode of the Rx number.
 * - POST /api/receipts/generate {prescriptionId} → 200 text/html: the pickup receipt with the price.
 * Both act as the caller: another pharmacy's prescription is 404, and each print is recorded in
 * prescription_label_prints (kind 'label' or 'receipt'); the database refuses prints of prescriptions that
 * are not verified yet (409). 400 on a bad body, 401 without a signed-in user.
 */
import { prescriptionLabelHtml } from '@pharmacy/shared/labels/label-html.ts';
import { prescriptionReceiptHtml } from '@pharmacy/shared/labels/receipt-html.ts';
import { generateLabelEndpoint, generateReceiptEndpoint } from '@pharmacy/shared/api/labels.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { readPrintablePrescription, recordPrint } from '../prescriptions/printable-prescription.ts';

export function addLabelRoutes(router: ApiRouter): void {
  router.serve(generateLabelEndpoint, async ({ req, body: { prescriptionId } }) => {
    const client = createUserClient(req);
    const prescription = await readPrintablePrescription(client, prescriptionId);
    const html = prescriptionLabelHtml({
      pharmacy: prescription.pharmacy,
      rxNumber: prescription.rxNumber,
      dateFilled: prescription.dateFilled ?? prescription.pharmacyToday,
      patientName: prescription.patientName,
      prescriberName: prescription.prescriberName,
      drugName: prescription.medication.name,
      strength: prescription.medication.strength,
      quantity: prescription.quantity,
      directions: prescription.directions,
      refillsRemaining: Math.max(0, prescription.refills - prescription.refillsUsed),
      deaSchedule: prescription.medication.deaSchedule,
    });
    await recordPrint(client, prescription.id, 'label');
    return html;
  });

  router.serve(generateReceiptEndpoint, async ({ req, body: { prescriptionId } }) => {
    const client = createUserClient(req);
    const prescription = await readPrintablePrescription(client, prescriptionId);
    const html = prescriptionReceiptHtml({
      pharmacy: prescription.pharmacy,
      rxNumber: prescription.rxNumber,
      date: prescription.dateFilled ?? prescription.pharmacyToday,
      patientName: prescription.patientName,
      drugName: prescription.medication.name,
      strength: prescription.medication.strength,
      quantity: prescription.quantity,
      price: prescription.medication.price,
    });
    await recordPrint(client, prescription.id, 'receipt');
    return html;
  });
}
