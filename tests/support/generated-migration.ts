/**
 * A PrimeRx-style migration export generated for tests and the migration bench: seeded (the same file on every
 * run), every row valid per the shared validator, in the shapes real exports have (numbers as text, NDCs 5-4-2,
 * dates as MM/DD/YYYY or YYYY-MM-DD, some controlled drugs with their refill limits kept), sized as asked.
 * `migrationNdjson` writes it as the NDJSON the screen's file path takes.
 */
import type {
  MigrationDataInput, MigrationMedicationInput, MigrationPatientInput, MigrationPrescriberInput, MigrationPrescriptionInput,
} from '../../shared/src/migration/migration-data.ts';
import { npiCheckDigit } from '../../shared/src/prescribers/npi.ts';

export interface MigrationSizes {
  prescribers: number;
  medications: number;
  patients: number;
  prescriptions: number;
}

/** mulberry32: a small seeded generator. */
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

/** A valid NPI (Luhn over 80840 + nine digits) from a number. */
function npiOf(n: number): string {
  const nine = `1${pad(n, 8)}`;
  return `${nine}${npiCheckDigit(nine)}`;
}

/** A valid DEA number (letters, six digits, check digit) from a number. */
function deaOf(lastName: string, n: number): string {
  const six = pad(n % 1_000_000, 6);
  const d = [...six].map(Number);
  const check = (d[0]! + d[2]! + d[4]! + 2 * (d[1]! + d[3]! + d[5]!)) % 10;
  return `B${lastName[0]!.toUpperCase()}${six}${check}`;
}

function pastDate(random: () => number, minDaysBack: number, maxDaysBack: number, usFormat: boolean): string {
  const day = new Date(Date.now() - (minDaysBack + Math.floor(random() * (maxDaysBack - minDaysBack))) * 86_400_000);
  const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  return usFormat ? `${pad(m, 2)}/${pad(d, 2)}/${y}` : `${y}-${pad(m, 2)}-${pad(d, 2)}`;
}

/**
 * The export. `idPrefix` keeps ids, NPIs, NDCs and Rx numbers of one generated file apart from another's (tests
 * importing into the same pharmacy, or the demo pharmacy).
 */
export function generatedMigrationData(sizes: MigrationSizes, seed = 27, idPrefix = ''): MigrationDataInput {
  const random = seeded(seed);
  const offset = seed * 1_000_000;
  const prescribers: MigrationPrescriberInput[] = [];
  for (let i = 1; i <= sizes.prescribers; i++) {
    const lastName = pick(random, LAST_NAMES);
    const [city, state, zip] = pick(random, CITIES);
    prescribers.push({
      prescriberId: `${idPrefix}DR${i}`, npiNumber: npiOf((offset + i) % 100_000_000), firstName: pick(random, FIRST_NAMES), lastName,
      phone: `(309) 555-${pad(i % 10_000, 4)}`, address: `${100 + (i % 900)} Medical Pkwy`, city, state, zipCode: zip,
      licenseNumber: `MD${pad(i, 6)}`, licenseState: state, deaNumber: i % 3 === 0 ? null : deaOf(lastName, offset + i),
    });
  }
  const medications: MigrationMedicationInput[] = [];
  const schedules: (string | null)[] = [];
  for (let i = 1; i <= sizes.medications; i++) {
    const controlled = i % 10 === 0 ? pick(random, CONTROLLED) : null;
    const name = controlled ? controlled[0] : pick(random, DRUGS);
    schedules.push(controlled ? controlled[1] : null);
    const n = (seed % 90) * 1_000_000 + i;
    medications.push({
      drugId: `${idPrefix}D${i}`, name, genericName: name.toLowerCase(), strength: `${5 * (1 + (i % 16))} mg`, dosageForm: pick(random, FORMS),
      manufacturer: `Labs ${i % 97}`, ndc: `${pad(10_000 + Math.floor(n / 1_000_000), 5)}-${pad(Math.floor(n / 100) % 10_000, 4)}-${pad(n % 100, 2)}`,
      awpPrice: (1 + random() * 400).toFixed(2), wholesaleCost: (0.5 + random() * 200).toFixed(2),
      quantityOnHand: String(Math.floor(random() * 1_000)), reorderLevel: 50, deaSchedule: controlled ? controlled[1] : '',
    });
  }
  const patients: MigrationPatientInput[] = [];
  for (let i = 1; i <= sizes.patients; i++) {
    const [city, state, zip] = pick(random, CITIES);
    const allergyCount = Math.floor(random() * 3);
    patients.push({
      patientId: `${idPrefix}P${i}`, firstName: pick(random, FIRST_NAMES), lastName: `${pick(random, LAST_NAMES)}${i % 7 === 0 ? '-Ford' : ''}`,
      dateOfBirth: pastDate(random, 365, 90 * 365, i % 2 === 0), phone: `309${pad(5_550_000 + (i % 10_000), 7)}`,
      address: `${1 + (i % 9_999)} Main St`, city, state, zipCode: zip,
      allergies: Array.from({ length: allergyCount }, (_, k) => ALLERGIES[(i + k) % ALLERGIES.length]!),
      insuranceProvider: i % 5 === 0 ? null : pick(random, PLANS), insurancePolicyNumber: i % 5 === 0 ? null : `M${pad(i, 9)}`,
    });
  }
  const prescriptions: MigrationPrescriptionInput[] = [];
  for (let i = 1; i <= sizes.prescriptions; i++) {
    const drug = 1 + Math.floor(random() * sizes.medications);
    const schedule = schedules[drug - 1];
    const originalRefills = schedule === 'II' ? 0 : schedule ? Math.floor(random() * 6) : Math.floor(random() * 12);
    prescriptions.push({
      prescriptionId: `${idPrefix}RX${i}`, patientId: `${idPrefix}P${1 + Math.floor(random() * sizes.patients)}`,
      prescriberId: i % 20 === 0 ? null : `${idPrefix}DR${1 + Math.floor(random() * sizes.prescribers)}`, drugId: `${idPrefix}D${drug}`,
      datePrescribed: pastDate(random, 1, 3 * 365, i % 2 === 1), quantity: String(30 * (1 + (i % 3))), daysSupply: 30,
      directions: 'Take 1 tablet by mouth daily', refillsRemaining: Math.floor(random() * (originalRefills + 1)), originalRefills,
      status: pick(random, STATUSES), rpNumber: String(seed * 10_000_000 + i),
    });
  }
  return { prescribers, medications, patients, prescriptions };
}

const NDJSON_TYPES = { prescribers: 'prescriber', medications: 'medication', patients: 'patient', prescriptions: 'prescription' } as const;

/** The export as NDJSON, one {"type": …} record a line, the arrays interleaved as an export may write them. */
export function migrationNdjson(data: MigrationDataInput): string {
  const lines: string[] = [];
  for (const array of ['prescriptions', 'patients', 'medications', 'prescribers'] as const) {
    for (const row of data[array] ?? []) lines.push(JSON.stringify({ type: NDJSON_TYPES[array], ...row }));
  }
  return `${lines.join('\n')}\n`;
}
