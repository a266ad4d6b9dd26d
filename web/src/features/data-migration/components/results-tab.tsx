/** Results (spec: shown on success and on failure): the outcome, the summary of new records, what each batch did, the errors. */
import type { MigrationImportResponse } from '@pharmacy/shared/api/migration.ts';
import { MIGRATION_ARRAYS } from '@pharmacy/shared/migration/migration-data.ts';
import { importSummaryText, MIGRATION_ARRAY_LABELS } from '../migration-view.ts';

export function ResultsTab({ result }: { result: MigrationImportResponse }) {
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className={`alert ${result.success ? 'alert-success' : 'alert-error'}`}>
        {result.success ? `Import complete: ${importSummaryText(result)}` : `The import stopped. ${importSummaryText(result)} Records imported before the error are kept; correct the data and import it again to continue.`}
      </div>
      <table className="table table-sm w-full sm:w-auto">
        <caption className="sr-only">What the import did</caption>
        <thead>
          <tr>
            <th scope="col">Records</th>
            <th scope="col" className="text-right">New</th>
            <th scope="col" className="text-right">Updated</th>
            <th scope="col" className="text-right">Unchanged</th>
          </tr>
        </thead>
        <tbody>
          {MIGRATION_ARRAYS.map((array) => (
            <tr key={array}>
              <th scope="row" className="font-normal">{MIGRATION_ARRAY_LABELS[array]}</th>
              <td className="text-right tabular-nums">{result.counts[array].inserted.toLocaleString('en-US')}</td>
              <td className="text-right tabular-nums">{result.counts[array].updated.toLocaleString('en-US')}</td>
              <td className="text-right tabular-nums">{result.counts[array].unchanged.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.errors.length > 0 ? (
        <section aria-label="Import errors">
          <h3 className="mb-2 font-semibold">Errors</h3>
          <ul className="list-disc pl-6 text-sm">
            {result.errors.slice(0, 100).map((error, index) => (
              <li key={index}>
                {error.array ? `${MIGRATION_ARRAY_LABELS[error.array]}${error.index === null ? '' : `, row ${(error.index + 1).toLocaleString('en-US')}`}${error.sourceId ? ` (${error.sourceId})` : ''}: ` : ''}
                {error.message}
              </li>
            ))}
          </ul>
          {result.errorCount > 100 ? <p className="text-sm text-base-content/70">and {(result.errorCount - 100).toLocaleString('en-US')} more</p> : null}
        </section>
      ) : null}
    </div>
  );
}
