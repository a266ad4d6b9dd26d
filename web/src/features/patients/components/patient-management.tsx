/**
 * Patient Management (spec §2): the 'Patient Database' table of the pharmacy's patients, paged by the database
 * (25 a page, "Showing 1–25 of 100,000", Previous and Next, sortable by name A–Z or Z–A), a search box
 * debounced by 300 ms whose term the database filters by (spec §5, §9; no simulated delay), Add Patient,
 * View and Edit in dialogs, toasts on save. A realtime subscription keeps the list current on every
 * terminal of the pharmacy. View and Edit show a record once opening it is on the audit trail; admins also see
 * the record's Access History. Patient Details lists the patient's insurance plans (Add, Edit, Deactivate) and
 * prescriptions on file with Refill and Discontinue. The table's Insurance badge is the active primary plan's payer.
 */
import { useCallback, useEffect, useState } from 'react';
import { EMPTY_PATIENT_FORM, type PatientFormValues } from '@pharmacy/shared/patients/patient.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { useCreatePatient } from '../api/create-patient.ts';
import { usePatient } from '../api/get-patient.ts';
import { DEFAULT_PATIENT_SORT, usePatients, type PatientSort } from '../api/get-patients.ts';
import { lastPatientPage, PATIENT_PAGE_SIZE, patientPageSummary } from '../api/patient-paging.ts';
import { patientFormFromPatient, type Patient } from '../api/patient-record.ts';
import { useUpdatePatient } from '../api/update-patient.ts';
import { PatientAccessHistory } from './patient-access-history.tsx';
import { PatientDetails } from './patient-details.tsx';
import { patientFullName } from './patient-format.ts';
import { InsurancePlans } from './insurance-plans.tsx';
import { PatientForm } from './patient-form.tsx';
import { PatientPrescriptions } from './patient-prescriptions.tsx';
import { PatientsTable } from './patients-table.tsx';
import { RecordedPatientOpen } from './recorded-patient-open.tsx';

type OpenDialog = { kind: 'add' } | { kind: 'view'; patient: Patient } | { kind: 'edit'; patient: Patient } | null;

export interface PatientManagementProps {
  pharmacyId: string;
  /** Admins (permission audit:read) see who opened a record; the database refuses anyone else. */
  canSeeAccessHistory: boolean;
  /** Pharmacists and admins (prescriptions:verify) discontinue a prescription and allow a refill too soon. */
  canVerifyPrescriptions: boolean;
  /** Staff with patients:write (every role: technicians type insurance at intake) add, edit and deactivate plans. */
  canEditInsurance: boolean;
  /** Opens this patient's Patient Details at once (`/patients?patient=`: the header's global search); recorded as any open. */
  initialPatientId?: string;
}

export function PatientManagement({ pharmacyId, canSeeAccessHistory, canVerifyPrescriptions, canEditInsurance, initialPatientId }: PatientManagementProps) {
  const [search, setSearch] = useState('');
  const { term: debouncedSearch, settling } = useSearchTerm(search);
  const [sort, setSort] = useState<PatientSort>(DEFAULT_PATIENT_SORT);
  // The page belongs to the search and order it was chosen for: a new search or order starts on the first page.
  const [paging, setPaging] = useState({ search: '', sort: DEFAULT_PATIENT_SORT, page: 0 });
  const page = paging.search === debouncedSearch && paging.sort === sort ? paging.page : 0;
  const patients = usePatients(pharmacyId, debouncedSearch, page, sort);
  const createPatient = useCreatePatient();
  const updatePatient = useUpdatePatient();
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const closeDialog = useCallback(() => setDialog(null), []);
  // A record opened by address opens once, when it has been read (the route mounts this again for another address).
  const initialPatient = usePatient(pharmacyId, initialPatientId);
  const [initialOpened, setInitialOpened] = useState(false);
  useEffect(() => {
    if (initialOpened || !initialPatient.data) return;
    setInitialOpened(true);
    setDialog({ kind: 'view', patient: initialPatient.data });
  }, [initialOpened, initialPatient.data]);
  const onView = useCallback((patient: Patient) => setDialog({ kind: 'view', patient }), []);
  const onEdit = useCallback((patient: Patient) => setDialog({ kind: 'edit', patient }), []);

  // View and Edit show the latest copy of the record when the list has one (realtime may have refreshed it).
  const dialogPatient = dialog && dialog.kind !== 'add' ? (patients.data?.patients.find((row) => row.id === dialog.patient.id) ?? dialog.patient) : null;

  function onAdd(values: PatientFormValues) {
    createPatient.mutate(values, {
      onSuccess: (patient) => {
        toast({ title: 'Success', description: `${patientFullName(patient)} was added to the patient database.` });
        setDialog(null);
      },
      onError: (error) => toast({ title: 'Error', description: error.message || 'Failed to add the patient', variant: 'destructive' }),
    });
  }

  function onSaveEdit(id: string, values: PatientFormValues) {
    updatePatient.mutate(
      { id, values },
      {
        onSuccess: (patient) => {
          toast({ title: 'Success', description: `${patientFullName(patient)}'s record was updated.` });
          setDialog(null);
        },
        onError: (error) => toast({ title: 'Error', description: error.message || 'Failed to update the patient', variant: 'destructive' }),
      },
    );
  }

  const shownPage = patients.data?.page ?? page;
  const total = patients.data?.total ?? 0;
  const lastPage = lastPatientPage(total);
  const goToPage = (next: number) => setPaging({ search: debouncedSearch, sort, page: Math.max(0, Math.min(next, lastPage)) });
  // The list shrank under the page shown (patients removed, a narrower count): show its last page instead.
  const pageTooFar = patients.data !== undefined && !patients.isPlaceholderData && patients.data.page > lastPatientPage(patients.data.total);
  useEffect(() => {
    if (pageTooFar) setPaging({ search: debouncedSearch, sort, page: lastPage });
  }, [pageTooFar, debouncedSearch, sort, lastPage]);

  const rows = patients.data?.patients;
  const summary = patientPageSummary(shownPage, rows?.length ?? 0, total);

  return (
    <section className="flex flex-1 flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Patient Management</h1>
          <p className="text-base-content/70">Patient records, allergies and insurance for your pharmacy.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
          Add Patient
        </button>
      </header>

      <section aria-labelledby="patient-database-title" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="patient-database-title" className="card-title">
              Patient Database
            </h2>
            <SearchInput
              label="Search patients"
              placeholder="Search patients by name, phone, or DOB..."
              value={search}
              onChange={setSearch}
              busy={settling || (patients.isFetching && !patients.isPending)}
            />
          </div>
          {/* Without rows the table itself says so; with rows up, a failed search or page says so here. */}
          {patients.data ? <QueryErrorNotice query={patients} errorText="The search could not be run" /> : null}
          <PatientsTable
            query={withQueryData(patients, rows)}
            sort={sort}
            onSortChange={setSort}
            paging={{
              pageIndex: shownPage,
              pageSize: PATIENT_PAGE_SIZE,
              total,
              onPageChange: goToPage,
              summary,
              label: 'Patient pages',
              disabled: patients.isPlaceholderData,
            }}
            onView={onView}
            onEdit={onEdit}
          />
        </div>
      </section>

      <Dialog title="Add Patient" open={dialog?.kind === 'add'} onClose={closeDialog} size="xl" closeButton dismissible={!createPatient.isPending}>
        <PatientForm
          initialValues={EMPTY_PATIENT_FORM}
          submitLabel="Add Patient"
          savingLabel="Adding..."
          isSaving={createPatient.isPending}
          onSubmit={onAdd}
          onCancel={closeDialog}
        />
      </Dialog>

      <Dialog title="Edit Patient" open={dialog?.kind === 'edit'} onClose={closeDialog} size="xl" closeButton dismissible={!updatePatient.isPending}>
        {dialog?.kind === 'edit' && dialogPatient ? (
          <RecordedPatientOpen patientId={dialog.patient.id}>
            <PatientForm
              initialValues={patientFormFromPatient(dialog.patient)}
              submitLabel="Save Changes"
              savingLabel="Saving..."
              isSaving={updatePatient.isPending}
              onSubmit={(values) => onSaveEdit(dialog.patient.id, values)}
              onCancel={closeDialog}
            />
          </RecordedPatientOpen>
        ) : null}
      </Dialog>

      <Dialog title="Patient Details" open={dialog?.kind === 'view'} onClose={closeDialog} size="table" closeButton>
        {dialog?.kind === 'view' && dialogPatient ? (
          <>
            <RecordedPatientOpen patientId={dialogPatient.id}>
              <PatientDetails patient={dialogPatient} />
              <InsurancePlans pharmacyId={pharmacyId} patient={dialogPatient} canEdit={canEditInsurance} />
              <PatientPrescriptions pharmacyId={pharmacyId} patientId={dialogPatient.id} canVerify={canVerifyPrescriptions} />
              {canSeeAccessHistory ? <PatientAccessHistory pharmacyId={pharmacyId} patientId={dialogPatient.id} /> : null}
            </RecordedPatientOpen>
            <div className="modal-action">
              <button type="button" className="btn" onClick={closeDialog}>
                Close
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
