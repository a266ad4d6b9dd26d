/**
 * A file's extracted data read-only, grouped as the spec names it (patient, medication, prescriber, insurance):
 * an XML or EDIFACT message's "document" in the review. Fields the file did not carry are left out.
 */
import type { PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';

type Row = [label: string, value: string | number | boolean | undefined];

function shown(value: Row[1]): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function Group({ title, rows }: { title: string; rows: Row[] }) {
  const present = rows.flatMap(([label, value]) => {
    const text = shown(value);
    return text === null ? [] : [{ label, text }];
  });
  return (
    <section aria-label={title} className="rounded-box border border-base-300 p-3">
      <h3 className="mb-2 font-semibold">{title}</h3>
      {present.length === 0 ? (
        <p className="text-sm text-base-content/70">Not in the file</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {present.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-base-content/70">{row.label}</dt>
              <dd className="break-words">{row.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function ExtractedDataList({ file }: { file: Pick<PrescriptionFile, 'patientData' | 'drugData' | 'prescriberData'> }) {
  const { patientData: patient, drugData: drug, prescriberData: prescriber } = file;
  const insurance = patient.insuranceInfo ?? {};
  return (
    <div className="flex flex-col gap-3">
      <Group
        title="Patient"
        rows={[['Name', patient.name], ['First name', patient.firstName], ['Last name', patient.lastName], ['Date of birth', patient.dateOfBirth], ['Gender', patient.gender], ['Phone', patient.phone], ['Address', patient.address]]}
      />
      <Group
        title="Medication"
        rows={[
          ['Name', drug.name], ['Strength', drug.strength], ['Form', drug.form], ['NDC', drug.ndcNumber], ['Quantity', drug.quantity], ['Days supply', drug.daysSupply],
          ['Directions', drug.directions], ['Refills', drug.refills], ['Generic substitution', drug.genericSubstitution],
        ]}
      />
      <Group
        title="Prescriber"
        rows={[['Name', prescriber.name], ['NPI', prescriber.npiNumber], ['DEA', prescriber.deaNumber], ['Address', prescriber.address], ['Phone', prescriber.phone], ['Date signed', prescriber.dateSigned]]}
      />
      <Group
        title="Insurance"
        rows={[['Provider', insurance.provider], ['Policy number', insurance.policyNumber], ['Group number', insurance.groupNumber], ['BIN', insurance.bin], ['PCN', insurance.pcn]]}
      />
    </div>
  );
}
