/**
 * The Drug Database screen's pure parts (web/src/features/drugs): Bulk Import's reading of a CSV or text file of
 * NDCs and its batches, the Last Price Update card's relative time, the spec's toast texts, the catalog's paging.
 */
import { NDC_LIST_MAX } from '@pharmacy/shared/drugs/ndc.ts';
import { describe, expect, it } from 'vitest';
import { lastPage, pageOffset, pageSummary } from '../../web/src/lib/paging.ts';
import { syncCompleteDescription } from '../../web/src/features/drugs/drug-messages.ts';
import { runBulkImport, type BulkImportProgress } from '../../web/src/features/drugs/bulk-import-run.ts';
import { ndcBatches, ndcsFromImportFile } from '../../web/src/features/drugs/ndc-import-file.ts';
import { countOf, relativeTimeSince } from '../../web/src/features/drugs/display-format.ts';

describe('Bulk Import file', () => {
  it('reads the column headed NDC Number, as written (a malformed cell is kept for the sync to report)', () => {
    const csv = 'Drug Name,NDC Number,Qty\r\nLipitor 10 mg,0071-0155-23,30\r\n"Atorvastatin, 20 mg",60505-2671-9,90\r\nBad,12-34,1\r\n';
    expect(ndcsFromImportFile(csv)).toEqual({ ndcNumbers: ['0071-0155-23', '60505-2671-9', '12-34'], column: 'NDC Number' });
  });

  it('knows the NDC column by its other usual headers', () => {
    for (const header of ['ndc', 'NDC', 'ndc_number', 'ndc-number', 'Package NDC', 'package_ndc', 'NDC11', '"NDC Code"']) {
      expect(ndcsFromImportFile(`name,${header}\nx,0071-0155-23\n`)).toEqual({ ndcNumbers: ['0071-0155-23'], column: header.replaceAll('"', '') });
    }
    // A header that merely mentions NDC elsewhere is not the column.
    expect(ndcsFromImportFile('ndc description,x\nfoo,0071-0155-23\n').column).toBeNull();
  });

  it('reads semicolon and tab separated files, and a BOM before the header', () => {
    expect(ndcsFromImportFile('\uFEFFname;ndc\nx;0071-0155-23\n').ndcNumbers).toEqual(['0071-0155-23']);
    expect(ndcsFromImportFile('name\tndc\nx\t59011-410-10\n').ndcNumbers).toEqual(['59011-410-10']);
  });

  it('without an NDC header takes every cell that parses as an NDC, on any line', () => {
    const text = '0071-0155-23\n60505-2671-9, 59011-410-10\nnot an ndc, 12345\n00071015540\n';
    expect(ndcsFromImportFile(text)).toEqual({ ndcNumbers: ['0071-0155-23', '60505-2671-9', '59011-410-10', '00071015540'], column: null });
  });

  it('drops repeats of one code, whatever format they are written in', () => {
    expect(ndcsFromImportFile('0071-0155-23\n00071-0155-23\n00071015523\n').ndcNumbers).toEqual(['0071-0155-23']);
    expect(ndcsFromImportFile('ndc\nbad\nbad\n\n').ndcNumbers).toEqual(['bad']);
  });

  it('finds nothing in an empty file or one without NDCs', () => {
    expect(ndcsFromImportFile('').ndcNumbers).toEqual([]);
    expect(ndcsFromImportFile('hello, world\n').ndcNumbers).toEqual([]);
  });

  it('sends batches of at most NDC_LIST_MAX, in order', () => {
    const list = Array.from({ length: NDC_LIST_MAX * 2 + 1 }, (_, index) => String(index).padStart(11, '0'));
    const batches = ndcBatches(list);
    expect(batches.map((batch) => batch.length)).toEqual([NDC_LIST_MAX, NDC_LIST_MAX, 1]);
    expect(batches.flat()).toEqual(list);
    expect(ndcBatches([])).toEqual([]);
  });
});

describe('Bulk Import run', () => {
  const batches = [['0071-0155-23', '12-34'], ['60505-2671-9'], ['59011-410-10']];
  /** The sync as the api answers: a malformed NDC fails with its reason, the others are updated. */
  const sync = async (ndcNumbers: string[]) => {
    const failed = ndcNumbers.filter((ndc) => ndc === '12-34');
    return { updated: ndcNumbers.length - failed.length, failed, errors: failed.map((ndc) => `NDC ${ndc} is malformed`) };
  };

  it('syncs every batch in order, sums the results and tells the progress after each', async () => {
    const sent: string[][] = [];
    const progress: BulkImportProgress[] = [];
    const outcome = await runBulkImport(batches, (batch) => (sent.push(batch), sync(batch)), { isCancelled: () => false, onProgress: (step) => progress.push(step) });
    expect(sent).toEqual(batches);
    expect(progress.map((step) => [step.done, step.total])).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(outcome).toEqual({ status: 'finished', done: 3, total: 3, result: { updated: 3, failed: ['12-34'], errors: ['NDC 12-34 is malformed'] } });
  });

  it('stops before the next batch once cancelled, keeping what was done', async () => {
    let cancelled = false;
    const sent: string[][] = [];
    const outcome = await runBulkImport(batches, (batch) => {
      sent.push(batch);
      cancelled = true; // Cancel pressed while the first batch is at the server.
      return sync(batch);
    }, { isCancelled: () => cancelled, onProgress: () => undefined });
    expect(sent).toEqual([batches[0]]);
    expect(outcome).toEqual({ status: 'cancelled', done: 1, total: 3, result: { updated: 1, failed: ['12-34'], errors: ['NDC 12-34 is malformed'] } });
  });

  it('ends at a batch that fails, with the reason and the earlier batches counted', async () => {
    const outcome = await runBulkImport(batches, async (batch) => {
      if (batch[0] === '60505-2671-9') throw new Error('503: the provider is not configured');
      return sync(batch);
    }, { isCancelled: () => false, onProgress: () => undefined });
    expect(outcome).toEqual({
      status: 'failed', done: 1, total: 3, error: '503: the provider is not configured',
      result: { updated: 1, failed: ['12-34'], errors: ['NDC 12-34 is malformed'] },
    });
  });
});

describe('Last Price Update card', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('says how long ago in the largest whole unit', () => {
    expect(relativeTimeSince('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(relativeTimeSince('2026-11-23T11:58:00Z', now)).toBe('2 minutes ago');
    expect(relativeTimeSince('2026-11-23T10:00:00Z', now)).toBe('2 hours ago');
    expect(relativeTimeSince('2026-11-22T11:00:00Z', now)).toBe('1 day ago');
    expect(relativeTimeSince('2026-11-09T12:00:00Z', now)).toBe('2 weeks ago');
    expect(relativeTimeSince('2025-11-01T12:00:00Z', now)).toBe('1 year ago');
  });
  it('counts with the noun in the right number', () => {
    expect(countOf(1, 'price')).toBe('1 price');
    expect(countOf(0, 'price')).toBe('0 prices');
    expect(countOf(1200, 'batch', 'batches')).toBe('1,200 batches');
  });
  it('reads a time ahead of this clock as just now', () => {
    expect(relativeTimeSince('2026-11-23T12:05:00Z', now)).toBe('just now');
  });
});

describe('toasts and paging', () => {
  it('the sync toast is the spec text', () => {
    expect(syncCompleteDescription({ updated: 1, failed: ['12-34'], errors: ['NDC 12-34 …'] })).toBe('Updated 1 medications. 1 failed.');
  });
  it('pages the catalog', () => {
    expect(pageOffset(2, 12)).toBe(24);
    expect(lastPage(0, 12)).toBe(0);
    expect(lastPage(25, 12)).toBe(2);
    expect(pageSummary(1, 12, 50_000, 12)).toBe('Showing 13–24 of 50,000');
    expect(pageSummary(0, 0, 0, 12)).toBeNull();
  });
});
