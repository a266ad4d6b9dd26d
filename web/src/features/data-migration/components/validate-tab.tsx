/**
 * Validate: the dry run's outcome — rows and valid rows per array, and every error (array, row, line, source id,
 * field, message) filterable by array and text, paged, and downloadable as CSV. Nothing has been written.
 */
import type { MigrationValidationResponse } from '@pharmacy/shared/api/migration.ts';
import { MIGRATION_ARRAYS } from '@pharmacy/shared/migration/migration-data.ts';
import { migrationErrorsCsv } from '@pharmacy/shared/migration/migration-ndjson.ts';
import { useId, useMemo, useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { downloadText } from '../../../lib/download-text.ts';
import { pageSummary } from '../../../lib/paging.ts';
import { filterMigrationErrors, MIGRATION_ARRAY_LABELS, type MigrationErrorFilter } from '../migration-view.ts';

const PAGE_SIZE = 50;

export function ValidateTab({ validation, onGoToImport }: { validation: MigrationValidationResponse; onGoToImport: () => void }) {
  const filterId = useId();
  const searchId = useId();
  const [array, setArray] = useState<MigrationErrorFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const shown = useMemo(() => filterMigrationErrors(validation.errors, array, search), [validation.errors, array, search]);
  const rows = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const omitted = validation.errorCount - validation.errors.length;

  return (
    <div className="flex flex-col gap-4">
      <div role="status" className={`alert ${validation.isValid ? 'alert-success' : 'alert-error'}`}>
        {validation.isValid
          ? 'The data is valid and ready to import.'
          : `${validation.errorCount.toLocaleString('en-US')} error${validation.errorCount === 1 ? '' : 's'} found. Correct the data and validate again; nothing has been imported.`}
      </div>
      <table className="table table-sm w-full sm:w-auto">
        <caption className="sr-only">Records checked</caption>
        <thead>
          <tr>
            <th scope="col">Records</th>
            <th scope="col" className="text-right">In the data</th>
            <th scope="col" className="text-right">Valid</th>
          </tr>
        </thead>
        <tbody>
          {MIGRATION_ARRAYS.map((name) => (
            <tr key={name}>
              <th scope="row" className="font-normal">{MIGRATION_ARRAY_LABELS[name]}</th>
              <td className="text-right tabular-nums">{validation.counts[name].rows.toLocaleString('en-US')}</td>
              <td className="text-right tabular-nums">{validation.counts[name].valid.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {validation.isValid ? (
        <div>
          <button type="button" className="btn btn-primary" onClick={onGoToImport}>
            Continue to Import
          </button>
        </div>
      ) : (
        <section aria-label="Validation errors" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={filterId} className="text-sm font-medium">Show errors of</label>
              <select id={filterId} className="select select-sm" value={array} onChange={(event) => { setArray(event.target.value as MigrationErrorFilter); setPage(0); }}>
                <option value="all">All records</option>
                <option value="file">The data as a whole</option>
                {MIGRATION_ARRAYS.map((name) => <option key={name} value={name}>{MIGRATION_ARRAY_LABELS[name]}</option>)}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={searchId} className="text-sm font-medium">Containing</label>
              <input id={searchId} type="search" className="input input-sm" value={search} onChange={(event) => { setSearch(event.target.value); setPage(0); }} placeholder="Message, field or ID" />
            </div>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => downloadText('migration-errors.csv', migrationErrorsCsv(validation.errors, omitted), 'text/csv;charset=utf-8')}
            >
              Download errors (CSV)
            </button>
          </div>
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <caption className="sr-only">Errors found</caption>
              <thead>
                <tr>
                  <th scope="col">Records</th>
                  <th scope="col">Row</th>
                  <th scope="col">Line</th>
                  <th scope="col">ID</th>
                  <th scope="col">Field</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((error, position) => (
                  <tr key={`${page}-${position}`}>
                    <td>{error.array ? MIGRATION_ARRAY_LABELS[error.array] : 'The data'}</td>
                    <td className="tabular-nums">{error.index === null ? '' : (error.index + 1).toLocaleString('en-US')}</td>
                    <td className="tabular-nums">{error.line?.toLocaleString('en-US') ?? ''}</td>
                    <td>{error.sourceId ?? ''}</td>
                    <td className="font-mono text-xs">{error.field}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="text-base-content/70">No error matches.</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          <Pager label="Errors pages" page={page} pageSize={PAGE_SIZE} total={shown.length} summary={pageSummary(page, rows.length, shown.length, PAGE_SIZE)} onPageChange={setPage} />
          {omitted > 0 ? <p className="text-sm text-base-content/70">Only the first {validation.errors.length.toLocaleString('en-US')} errors are listed; {omitted.toLocaleString('en-US')} more were found.</p> : null}
        </section>
      )}
    </div>
  );
}
