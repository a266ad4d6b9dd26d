/**
 * A count's sheet, a page at a time from the database (inventory_count_sheet). While the count is open each line has
 * its quantity field: type the number and press Enter to record it and go to the next line (the last one of a page
 * goes to the next page); the biennial inventory adds, for controlled Schedule III–V lines, the opened container's
 * size and "estimated", and a Schedule II line takes its second count (double count). Once submitted, the expected
 * and book quantities and the variance show (never while a blind count is open), with a reason field per variance
 * for the pharmacist who posts.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { checkCountEntry, COUNT_MESSAGES, unitsFromText, type CountKind } from '@pharmacy/shared/inventory/count-session.ts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useRecordCount, useRecordSecondCount } from '../api/count-actions.ts';
import { useCountSheet, type CountSheetLine } from '../api/get-count-sheet.ts';

export const COUNT_SHEET_PAGE_SIZE = 25;

export interface CountSheetProps {
  pharmacyId: string;
  sessionId: string;
  kind: CountKind;
  counting: boolean;
  onlyVariances: boolean;
  /** Reasons typed for variances (by line id), when the pharmacist is about to post; absent otherwise. */
  reasons?: Record<string, string> | undefined;
  reasonErrors?: Record<string, string> | undefined;
  onReasonChange?: ((lineId: string, reason: string) => void) | undefined;
}

function lineLabel(line: CountSheetLine): string {
  return [line.medicationName, line.strength].filter(Boolean).join(' ');
}

function lotLabel(line: CountSheetLine): string {
  return line.lotNumber === '' ? 'No lot recorded' : `Lot ${line.lotNumber}`;
}

export function CountSheet({ pharmacyId, sessionId, kind, counting, onlyVariances, reasons, reasonErrors, onReasonChange }: CountSheetProps) {
  const [page, setPage] = useState(0);
  const sheet = useCountSheet(pharmacyId, sessionId, onlyVariances, page, COUNT_SHEET_PAGE_SIZE);
  const total = sheet.data?.total ?? 0;
  const lines = useMemo(() => sheet.data?.lines ?? [], [sheet.data]);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [focusFirstOnPage, setFocusFirstOnPage] = useState(false);
  const showFigures = !counting;

  useEffect(() => {
    setPage(0);
  }, [onlyVariances]);

  useEffect(() => {
    if (!focusFirstOnPage || sheet.isPlaceholderData || lines.length === 0) return;
    inputs.current.get(lines[0]!.lineId)?.focus();
    setFocusFirstOnPage(false);
  }, [focusFirstOnPage, sheet.isPlaceholderData, lines]);

  function focusNext(index: number) {
    const next = lines[index + 1];
    if (next) inputs.current.get(next.lineId)?.focus();
    else if (page < lastPage(total, COUNT_SHEET_PAGE_SIZE)) {
      setPage(page + 1);
      setFocusFirstOnPage(true);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <QueryErrorNotice query={sheet} errorText="The count could not be loaded" />
      {sheet.isPending ? <span className="loading loading-spinner" aria-label="Loading the count" /> : null}
      {sheet.data && lines.length === 0 ? <p className="text-base-content/70">{onlyVariances ? 'No line differs from the ledger.' : 'This count has no lines.'}</p> : null}
      {lines.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Lot</th>
                <th scope="col">Shelf</th>
                <th scope="col">Counted</th>
                {showFigures ? <th scope="col">Expected at start</th> : null}
                {showFigures ? <th scope="col">Book when counted</th> : null}
                {showFigures ? <th scope="col">Variance</th> : null}
                {reasons ? <th scope="col">Reason</th> : null}
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={line.lineId}>
                  <td>
                    <span className="flex flex-col">
                      <span className="font-medium">{lineLabel(line)}</span>
                      <span className="text-xs text-base-content/70">
                        {[line.ndc ? `NDC ${line.ndc}` : null, line.deaSchedule ? `C-${line.deaSchedule}` : null].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                  </td>
                  <td className="whitespace-nowrap">
                    {lotLabel(line)}
                    {line.expirationDate ? <span className="block text-xs text-base-content/70">exp {usDate(line.expirationDate)}</span> : null}
                  </td>
                  <td>{line.shelfLocation ?? '—'}</td>
                  <td>
                    {counting ? (
                      <CountEntryCell
                        line={line}
                        kind={kind}
                        register={(element) => {
                          if (element) inputs.current.set(line.lineId, element);
                          else inputs.current.delete(line.lineId);
                        }}
                        onRecorded={() => focusNext(index)}
                      />
                    ) : (
                      <span className="whitespace-nowrap">
                        {line.countedQuantity === null ? 'Not counted' : line.countedQuantity.toLocaleString('en-US')}
                        {line.estimated ? ' (estimated)' : ''}
                        {line.openedContainer && line.containerUnits !== null ? ` · opened ${line.containerUnits.toLocaleString('en-US')}-unit container` : ''}
                      </span>
                    )}
                  </td>
                  {showFigures ? <td>{line.expectedOnHand?.toLocaleString('en-US') ?? '—'}</td> : null}
                  {showFigures ? <td>{line.bookQuantity?.toLocaleString('en-US') ?? '—'}</td> : null}
                  {showFigures ? (
                    <td className={line.varianceQuantity ? 'font-semibold' : ''}>
                      {line.varianceQuantity === null ? '—' : `${line.varianceQuantity > 0 ? '+' : ''}${line.varianceQuantity}`}
                      {line.estimated && line.varianceQuantity ? <span className="block text-xs">estimate: not posted</span> : null}
                    </td>
                  ) : null}
                  {reasons ? (
                    <td>
                      {line.varianceQuantity && !line.estimated ? (
                        <label className="flex flex-col gap-1">
                          <span className="sr-only">Reason for the variance of {lineLabel(line)}, {lotLabel(line)}</span>
                          <input
                            className={`input input-sm w-56 ${reasonErrors?.[line.lineId] ? 'input-error' : ''}`}
                            maxLength={500}
                            value={reasons[line.lineId] ?? ''}
                            aria-invalid={reasonErrors?.[line.lineId] ? true : undefined}
                            onChange={(event) => onReasonChange?.(line.lineId, event.target.value)}
                          />
                          {reasonErrors?.[line.lineId] ? <span className="text-xs text-error">{reasonErrors[line.lineId]}</span> : null}
                        </label>
                      ) : (
                        line.varianceReason ?? ''
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        label="Count sheet pages"
        page={page}
        pageSize={COUNT_SHEET_PAGE_SIZE}
        total={total}
        summary={pageSummary(page, lines.length, total, COUNT_SHEET_PAGE_SIZE)}
        disabled={sheet.isPlaceholderData}
        onPageChange={(next) => setPage(Math.max(0, Math.min(next, lastPage(total, COUNT_SHEET_PAGE_SIZE))))}
      />
    </div>
  );
}

interface CountEntryCellProps {
  line: CountSheetLine;
  kind: CountKind;
  register: (element: HTMLInputElement | null) => void;
  onRecorded: () => void;
}

/** One line's count: Enter (or leaving a changed field) records it; the biennial inventory's container fields for CIII–V. */
function CountEntryCell({ line, kind, register, onRecorded }: CountEntryCellProps) {
  const record = useRecordCount();
  const [counted, setCounted] = useState(line.countedQuantity === null ? '' : String(line.countedQuantity));
  const [openedContainer, setOpenedContainer] = useState(line.openedContainer);
  const [containerUnits, setContainerUnits] = useState(line.containerUnits === null ? '' : String(line.containerUnits));
  const [estimated, setEstimated] = useState(line.estimated);
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef<string | null>(null);
  const mayEstimate = kind === 'biennial_controlled' && ['III', 'IV', 'V'].includes(line.deaSchedule ?? '');
  const label = `Counted ${lineLabel(line)}, ${lotLabel(line)}`;
  const saved =
    counted === (line.countedQuantity === null ? '' : String(line.countedQuantity))
    && openedContainer === line.openedContainer && estimated === line.estimated
    && containerUnits === (line.containerUnits === null ? '' : String(line.containerUnits));

  function save(then?: () => void) {
    if (counted.trim() === '' && line.countedQuantity === null) {
      then?.();
      return;
    }
    const checked = checkCountEntry({ counted, openedContainer, containerUnits, estimated }, { kind, deaSchedule: line.deaSchedule });
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    // Enter records and moves on, and the blur that follows must not record the same again.
    const key = JSON.stringify(checked.entry);
    if (saved || sent.current === key) {
      then?.();
      return;
    }
    sent.current = key;
    record.mutate({ lineId: line.lineId, entry: checked.entry }, {
      onSuccess: () => then?.(),
      onError: (error) => {
        sent.current = null;
        setProblem(error.message);
      },
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save(onRecorded);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          ref={register}
          className={`input input-sm w-24 ${problem ? 'input-error' : ''}`}
          inputMode="numeric"
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          value={counted}
          onChange={(event) => setCounted(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (!saved) save();
          }}
        />
        {record.isPending ? <span className="loading loading-spinner loading-xs" aria-label="Saving" /> : null}
        {!record.isPending && line.countedQuantity !== null && saved ? <span className="text-xs text-success" aria-label="Recorded">✓</span> : null}
      </div>
      {mayEstimate ? (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <label className="flex items-center gap-1">
            <input type="checkbox" className="checkbox checkbox-xs" checked={openedContainer} onChange={(event) => setOpenedContainer(event.target.checked)} />
            Opened container
          </label>
          {openedContainer || estimated ? (
            <label className="flex items-center gap-1">
              Size
              <input className="input input-xs w-20" inputMode="numeric" aria-label={`Container size, ${lineLabel(line)}`} value={containerUnits}
                onChange={(event) => setContainerUnits(event.target.value)} onKeyDown={onKeyDown} />
            </label>
          ) : null}
          <label className="flex items-center gap-1">
            <input type="checkbox" className="checkbox checkbox-xs" checked={estimated} onChange={(event) => setEstimated(event.target.checked)} />
            Estimated
          </label>
          {!saved ? <button type="button" className="btn btn-xs" onClick={() => save()}>Save</button> : null}
        </div>
      ) : null}
      {line.deaSchedule === 'II' && line.countedQuantity !== null ? <SecondCount line={line} /> : null}
      {problem ? <span role="alert" className="text-xs text-error">{problem}</span> : null}
    </div>
  );
}

/** A Schedule II line's second count by another staff member (the Controlled settings' double count). */
function SecondCount({ line }: { line: CountSheetLine }) {
  const record = useRecordSecondCount();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function save() {
    const counted = unitsFromText(text);
    if (counted === null) {
      setProblem(COUNT_MESSAGES.counted);
      return;
    }
    setProblem(null);
    record.mutate({ lineId: line.lineId, counted }, { onSuccess: () => setText(''), onError: (error) => setProblem(error.message) });
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <label className="flex items-center gap-1">
        Second count
        <input
          className="input input-xs w-20"
          inputMode="numeric"
          aria-label={`Second count ${lineLabel(line)}, ${lotLabel(line)}`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            }
          }}
        />
      </label>
      {line.secondCountQuantity === null ? null : line.secondCountQuantity === line.countedQuantity ? (
        <span className="text-success">Second count agrees</span>
      ) : (
        <span className="text-error">Second count {line.secondCountQuantity} differs</span>
      )}
      {problem ? <span role="alert" className="text-error">{problem}</span> : null}
    </div>
  );
}
