/**
 * The global search's answer as the list shows it: groups in a fixed order (an Rx number's prescription first, it is
 * the exact match; then patients, medications, prescribers), each row an option with its label, detail and what
 * opening it opens. Flattened in that order so the arrows walk the list from top to bottom.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import type { GlobalSearchResults } from '@pharmacy/shared/search/global-search.ts';

/** What choosing a result opens; the app's routes decide where (features never link into each other). */
export type GlobalSearchTarget =
  | { kind: 'prescription'; rxNumber: number }
  | { kind: 'patient'; patientId: string }
  | { kind: 'medication'; medicationId: string; search: string }
  | { kind: 'prescriber'; prescriberId: string; search: string };

export interface SearchOption {
  key: string;
  label: string;
  detail: string;
  target: GlobalSearchTarget;
}

export interface SearchGroup {
  kind: GlobalSearchTarget['kind'];
  title: string;
  options: SearchOption[];
}

function refillsText(row: GlobalSearchResults['prescriptions'][number]): string {
  if (row.status !== 'active') return `${row.status[0]!.toUpperCase()}${row.status.slice(1)}: no refill`;
  if (!row.refillable) return 'No refills remaining';
  return row.refillsRemaining === 1 ? '1 refill remaining' : `${row.refillsRemaining} refills remaining`;
}

export function searchGroups(results: GlobalSearchResults): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      kind: 'prescription',
      title: 'Prescriptions',
      options: results.prescriptions.map((row) => ({
        key: `prescription:${row.orderId}`,
        label: `Rx ${row.rxNumber} · ${row.patientName}`,
        detail: `${row.medication} · ${refillsText(row)}`,
        target: { kind: 'prescription', rxNumber: row.rxNumber },
      })),
    },
    {
      kind: 'patient',
      title: 'Patients',
      options: results.patients.map((row) => ({
        key: `patient:${row.id}`,
        label: `${row.lastName}, ${row.firstName}`,
        detail: [row.dateOfBirth ? `DOB ${usDate(row.dateOfBirth)}` : null, row.phone].filter(Boolean).join(' · ') || 'Patient',
        target: { kind: 'patient', patientId: row.id },
      })),
    },
    {
      kind: 'medication',
      title: 'Medications',
      options: results.medications.map((row) => ({
        key: `medication:${row.id}`,
        label: [row.name, row.strength].filter(Boolean).join(' '),
        detail: [row.genericName, row.dosageForm, row.ndc ? `NDC ${row.ndc}` : null].filter(Boolean).join(' · ') || 'Medication',
        // The Drug Database finds it again by its NDC (one product), or else by its name.
        target: { kind: 'medication', medicationId: row.id, search: row.ndc ?? row.name },
      })),
    },
    {
      kind: 'prescriber',
      title: 'Prescribers',
      options: results.prescribers.map((row) => {
        const name = [row.title, row.firstName, row.lastName].filter(Boolean).join(' ');
        return {
          key: `prescriber:${row.id}`,
          label: row.degree ? `${name}, ${row.degree}` : name,
          detail: [row.npiNumber ? `NPI ${row.npiNumber}` : null, row.specialty].filter(Boolean).join(' · ') || 'Prescriber',
          target: { kind: 'prescriber', prescriberId: row.id, search: row.npiNumber ?? `${row.firstName} ${row.lastName}` },
        };
      }),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}
