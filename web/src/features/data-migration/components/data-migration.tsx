/**
 * Data Migration (spec part 2 "Data Migration", §4 flow upload → validate → import → results; admins): the summary
 * counts, then the tabs Upload Data, Validate (disabled with no data), Import (disabled until the data is valid)
 * and Results (disabled until there is a result). Pasted JSON goes through the api (POST validate, POST
 * import-primerx); a file through the staged path in a worker (hooks/use-migration-file.ts) — the same validator and
 * import loop. While an import runs, the loading overlay shows its real progress from the run the database records
 * (live over Realtime), and the latest run's progress and outcome are on the screen after a reload too.
 */
import { migrationDataRequestSchema, MIGRATION_API_MAX_BODY_BYTES, type MigrationImportResponse, type MigrationValidationResponse } from '@pharmacy/shared/api/migration.ts';
import { MIGRATION_ARRAYS } from '@pharmacy/shared/migration/migration-data.ts';
import { migrationProgress, timeLeftText } from '@pharmacy/shared/migration/migration-progress.ts';
import { SAMPLE_MIGRATION_JSON } from '@pharmacy/shared/migration/sample-migration.ts';
import { MIGRATION_DATA_MESSAGES, parseMigrationJson } from '@pharmacy/shared/migration/validate-migration.ts';
import { useEffect, useId, useState } from 'react';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useLatestMigrationRun } from '../api/get-latest-migration-run.ts';
import { useImportMigrationData } from '../api/import-migration-data.ts';
import { useValidateMigrationData } from '../api/validate-migration-data.ts';
import { useMigrationFile } from '../hooks/use-migration-file.ts';
import { importSummaryText, MIGRATION_ARRAY_LABELS, MIGRATION_SCREEN_MESSAGES, resultOfRun } from '../migration-view.ts';
import { ImportTab } from './import-tab.tsx';
import { MigrationSummary } from './migration-summary.tsx';
import { ResultsTab } from './results-tab.tsx';
import { UploadTab } from './upload-tab.tsx';
import { ValidateTab } from './validate-tab.tsx';

type MigrationTab = 'upload' | 'validate' | 'import' | 'results';

/** A validation of pasted JSON keeps the parsed data it checked: Start Import sends exactly that. */
type Validation = { source: 'text'; data: Record<string, unknown>; response: MigrationValidationResponse } | { source: 'file'; response: MigrationValidationResponse };


export function DataMigration({ pharmacyId }: { pharmacyId: string }) {
  const baseId = useId();
  const [tab, setTab] = useState<MigrationTab>('upload');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [validation, setValidation] = useState<Validation | null>(null);
  const [result, setResult] = useState<MigrationImportResponse | null>(null);
  const validateText = useValidateMigrationData();
  const importText = useImportMigrationData();
  const migrationFile = useMigrationFile();
  const fileStatus = migrationFile.state.status;
  const importing = importText.isPending || fileStatus === 'importing';
  // While this page imports, the run's progress is polled as well as followed live (Realtime may lag a batch).
  const latestRun = useLatestMigrationRun(pharmacyId, importing);
  const run = latestRun.data ?? null;
  const validating = validateText.isPending || fileStatus === 'reading';
  // The result to show: this page's, else the latest finished run's (after a reload, or from another terminal).
  const shownResult = result ?? (run ? resultOfRun(run) : null);

  // Closing or reloading the page stops a file import (its worker lives in the page): ask first.
  useEffect(() => {
    if (fileStatus !== 'importing') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [fileStatus]);

  function forget() {
    setValidation(null);
    setResult(null);
  }

  function validationDone(response: MigrationValidationResponse) {
    if (response.isValid) {
      const rows = MIGRATION_ARRAYS.reduce((sum, array) => sum + response.counts[array].rows, 0);
      toast({ title: MIGRATION_SCREEN_MESSAGES.validationPassedTitle, description: MIGRATION_SCREEN_MESSAGES.validationPassed(rows) });
    } else {
      toast({ title: MIGRATION_SCREEN_MESSAGES.validationFailedTitle, description: MIGRATION_SCREEN_MESSAGES.validationFailed(response.errorCount), variant: 'destructive' });
    }
    setTab('validate');
  }

  async function onValidate() {
    forget();
    if (file) {
      const outcome = await migrationFile.validate(file);
      if (outcome.status === 'validated') {
        setValidation({ source: 'file', response: outcome.response });
        validationDone(outcome.response);
      } else if (outcome.status === 'invalid-json') {
        // The spec's toast; where the file broke is on the Upload Data tab.
        toast({ title: MIGRATION_DATA_MESSAGES.invalidJsonTitle, description: MIGRATION_DATA_MESSAGES.invalidJson, variant: 'destructive' });
      } else if (outcome.status === 'failed') {
        toast({ title: MIGRATION_SCREEN_MESSAGES.validationErrorTitle, description: outcome.refused ? outcome.message : MIGRATION_SCREEN_MESSAGES.validationError, variant: 'destructive' });
      }
      return;
    }
    if (new Blob([text]).size > MIGRATION_API_MAX_BODY_BYTES) {
      toast({ title: MIGRATION_SCREEN_MESSAGES.validationErrorTitle, description: MIGRATION_SCREEN_MESSAGES.tooLargeToPaste, variant: 'destructive' });
      return;
    }
    // Spec §5: blank is 'Migration data is required'; text that is not JSON stops before any call.
    const parsed = parseMigrationJson(text);
    if (!parsed.ok) {
      toast({ title: parsed.title, description: parsed.message, variant: 'destructive' });
      return;
    }
    const data = migrationDataRequestSchema.safeParse(parsed.data);
    if (!data.success) {
      toast({ title: MIGRATION_DATA_MESSAGES.required, description: MIGRATION_DATA_MESSAGES.required, variant: 'destructive' });
      return;
    }
    try {
      const response = await validateText.mutateAsync(data.data);
      setValidation({ source: 'text', data: data.data, response });
      validationDone(response);
    } catch {
      toast({ title: MIGRATION_SCREEN_MESSAGES.validationErrorTitle, description: MIGRATION_SCREEN_MESSAGES.validationError, variant: 'destructive' });
    }
  }

  function importDone(imported: MigrationImportResponse) {
    setResult(imported);
    // Importing again starts from a new validation (of the data as it is then).
    setValidation(null);
    setTab('results');
    if (imported.success) toast({ title: MIGRATION_SCREEN_MESSAGES.migrationCompleteTitle, description: importSummaryText(imported) });
    else toast({ title: MIGRATION_SCREEN_MESSAGES.migrationFailedTitle, description: MIGRATION_SCREEN_MESSAGES.migrationFailed, variant: 'destructive' });
  }

  async function onStartImport() {
    if (!validation?.response.isValid || importing) return;
    setResult(null);
    if (validation.source === 'file') {
      const outcome = await migrationFile.startImport();
      if (outcome.status === 'imported') importDone(outcome.result);
      else toast({ title: MIGRATION_SCREEN_MESSAGES.migrationErrorTitle, description: MIGRATION_SCREEN_MESSAGES.migrationError, variant: 'destructive' });
      return;
    }
    try {
      importDone(await importText.mutateAsync(validation.data));
    } catch {
      toast({ title: MIGRATION_SCREEN_MESSAGES.migrationErrorTitle, description: MIGRATION_SCREEN_MESSAGES.migrationError, variant: 'destructive' });
    }
  }

  const validRows = validation ? MIGRATION_ARRAYS.reduce((sum, array) => sum + validation.response.counts[array].valid, 0) : 0;
  const tabs = [
    { id: 'upload' as const, label: 'Upload Data' },
    { id: 'validate' as const, label: 'Validate', disabled: validation === null && text.trim() === '' && file === null },
    { id: 'import' as const, label: 'Import', disabled: !validation?.response.isValid && run?.status !== 'running' },
    { id: 'results' as const, label: 'Results', disabled: shownResult === null },
  ];
  const progress = run && run.status === 'running' ? migrationProgress(run, Date.now()) : null;
  const current = progress?.entities.find((entity) => entity.done < entity.total) ?? null;

  return (
    <section className="flex flex-1 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Data Migration</h1>
        <p className="text-base-content/70">Bring your patients, medications, prescribers and prescriptions over from PrimeRx: validate first, then import.</p>
      </header>
      <MigrationSummary pharmacyId={pharmacyId} />
      {run?.status === 'running' && !importing ? (
        <div role="status" className="alert alert-info">
          An import is running{progress?.stalled ? ' but has stopped saving records' : ''}: see the Import tab.
        </div>
      ) : null}
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4 p-4 sm:p-6">
          <TabList baseId={baseId} label="Data migration steps" items={tabs} selected={tab} onSelect={setTab} fill className="grid grid-cols-2 sm:flex" />
          <TabPanel baseId={baseId} selected={tab}>
            {tab === 'upload' ? (
              <UploadTab
                text={text}
                onTextChange={(value) => {
                  setText(value);
                  forget();
                }}
                file={file}
                onFileChange={(chosen) => {
                  setFile(chosen);
                  migrationFile.clear();
                  forget();
                }}
                fileState={migrationFile.state}
                busy={validating || importing}
                onValidate={() => void onValidate()}
                onLoadSample={() => {
                  setText(SAMPLE_MIGRATION_JSON);
                  forget();
                }}
              />
            ) : null}
            {tab === 'validate' ? (
              validation ? (
                <ValidateTab validation={validation.response} onGoToImport={() => setTab('import')} />
              ) : (
                <p className="text-base-content/70">Validate the data on the Upload Data tab to see its errors here.</p>
              )
            ) : null}
            {tab === 'import' ? (
              <ImportTab
                rowCount={validRows}
                source={validation?.source === 'file' ? (file?.name ?? 'the file') : 'the pasted data'}
                importing={importing}
                latestRun={run}
                onStartImport={() => void onStartImport()}
              />
            ) : null}
            {tab === 'results' && shownResult ? <ResultsTab result={shownResult} /> : null}
          </TabPanel>
        </div>
      </div>
      {importing ? (
        <LoadingOverlay
          type="migration"
          progress={progress?.percent ?? 0}
          detail={
            progress && current
              ? `${MIGRATION_ARRAY_LABELS[current.array]}: ${current.done.toLocaleString('en-US')} of ${current.total.toLocaleString('en-US')}${progress.secondsLeft === null ? '' : ` · ${timeLeftText(progress.secondsLeft)} left`}`
              : 'Starting…'
          }
        />
      ) : null}
    </section>
  );
}
