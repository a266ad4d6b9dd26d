/**
 * Everything a label or receipt prints about one prescription, read with the caller's JWT so RLS decides:
 * a prescription of another pharmacy (or none) is 404. Also records the print in prescription_label_prints
 * as the caller; the database refuses prescriptions that are not verified yet (409).
 */
import { localDateIn } from '@pharmacy/shared/common/dates.ts';
import type { DeaSchedule, LabelPharmacy } from '@pharmacy/shared/labels/label-html.ts';
import type { MonographMedication } from '@pharmacy/shared/labels/monograph.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { HttpError } from '../../_shared/http.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';

export interface PrintablePrescription {
  id: string;
  pharmacyId: string;
  rxNumber: number;
  dateFilled: string | null;
  /** Today at the pharmacy (its time zone), YYYY-MM-DD. */
  pharmacyToday: string;
  directions: string | null;
  quantity: number | null;
  daysSupply: number | null;
  refills: number;
  /** Which fill this is: 0 the original, N refill N (the label prints "Refill N of M"). */
  fillNumber: number;
  /** Refills used as of this fill: its fill number. */
  refillsUsed: number;
  prescriberName: string;
  patientName: string;
  /** The medication as the monograph reads it, with the price the receipt prints. */
  medication: MonographMedication & { price: number };
  pharmacy: LabelPharmacy;
}

async function single<T>(what: string, query: PromiseLike<{ data: T | null; error: { code?: string; message: string } | null }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw databaseFailure(`reading the ${what}`, error);
  // The prescription is visible, so its patient, medication and pharmacy are too (same pharmacy, same policies).
  if (!data) throw new Error(`the prescription's ${what} is not readable`);
  return data;
}

export async function readPrintablePrescription(client: DatabaseClient, prescriptionId: string): Promise<PrintablePrescription> {
  const found = await client
    .from('prescriptions')
    .select('id, pharmacy_id, rx_number, date_filled, directions, quantity, days_supply, refills, fill_number, prescriber_name, prescriber_id, patient_id, medication_id')
    .eq('id', prescriptionId)
    .maybeSingle();
  if (found.error) throw databaseFailure('reading the prescription', found.error);
  if (!found.data) throw new HttpError(404, 'Prescription not found');
  const row = found.data;

  const [patient, medication, pharmacy, prescriber] = await Promise.all([
    single<{ first_name: string; last_name: string }>('patient', client.from('patients').select('first_name, last_name').eq('id', row.patient_id).maybeSingle()),
    single<{
      name: string;
      generic_name: string | null;
      strength: string | null;
      dosage_form: string | null;
      manufacturer: string | null;
      price: number | string;
      dea_schedule: DeaSchedule | null;
    }>(
      'medication',
      client.from('medications').select('name, generic_name, strength, dosage_form, manufacturer, price, dea_schedule').eq('id', row.medication_id).maybeSingle(),
    ),
    single<{ pharmacy_name: string; street_address: string | null; city: string | null; state: string | null; zip_code: string | null; phone: string | null; time_zone: string }>(
      'pharmacy',
      client.from('pharmacies').select('pharmacy_name, street_address, city, state, zip_code, phone, time_zone').eq('id', row.pharmacy_id).maybeSingle(),
    ),
    row.prescriber_id
      ? single<{ title: string | null; first_name: string; last_name: string }>(
          'prescriber',
          client.from('prescribers').select('title, first_name, last_name').eq('id', row.prescriber_id).maybeSingle(),
        )
      : Promise.resolve(null),
  ]);

  const prescriberName =
    row.prescriber_name?.trim() ||
    (prescriber ? [prescriber.title, prescriber.first_name, prescriber.last_name].filter((part) => part && part.trim() !== '').join(' ') : '');

  return {
    id: row.id,
    pharmacyId: row.pharmacy_id,
    rxNumber: Number(row.rx_number),
    dateFilled: row.date_filled,
    pharmacyToday: localDateIn(pharmacy.time_zone, new Date()),
    directions: row.directions,
    quantity: row.quantity === null ? null : Number(row.quantity),
    daysSupply: row.days_supply,
    refills: row.refills,
    fillNumber: row.fill_number,
    refillsUsed: row.fill_number,
    prescriberName,
    patientName: `${patient.first_name} ${patient.last_name}`,
    medication: {
      id: row.medication_id,
      name: medication.name,
      genericName: medication.generic_name,
      strength: medication.strength,
      dosageForm: medication.dosage_form,
      manufacturer: medication.manufacturer,
      price: Number(medication.price),
      deaSchedule: medication.dea_schedule,
    },
    pharmacy: {
      name: pharmacy.pharmacy_name,
      streetAddress: pharmacy.street_address,
      city: pharmacy.city,
      state: pharmacy.state,
      zipCode: pharmacy.zip_code,
      phone: pharmacy.phone,
    },
  };
}

/** Appends the print to the prescription's print history as the caller. */
export async function recordPrint(client: DatabaseClient, prescriptionId: string, kind: 'label' | 'receipt'): Promise<void> {
  const { error } = await client.from('prescription_label_prints').insert({ prescription_id: prescriptionId, kind });
  if (error) throw databaseFailure(`recording the ${kind} print`, error);
}
