/**
 * The Reports card's pure parts (web/src/features/reports/report-viewer.ts) and the streamed file download behind its
 * exports (web/src/lib/api-invoker.ts createApiFileDownloader): progress as it comes, the file's name from
 * Content-Disposition, the session's token sent, and a refusal as the server's message.
 */
import { describe, expect, it } from 'vitest';
import { reportEndpoint } from '../../shared/src/api/reports.ts';
import { REPORTS } from '../../shared/src/reports/report.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { attachmentFileName, createApiFileDownloader, type DownloadProgress } from '../../web/src/lib/api-invoker.ts';
import { REPORT_CHOICES, REPORT_EMPTY_TEXT, byteSize, needsSignOff, progressPercent, progressText } from '../../web/src/features/reports/report-viewer.ts';

describe('the Reports card', () => {
  it("offers every report the api serves, with the spec's Sales, Inventory and Patient buttons first", () => {
    expect(REPORT_CHOICES.map((choice) => choice.report).toSorted()).toEqual([...REPORTS].toSorted());
    expect(REPORT_CHOICES.slice(0, 3).map((choice) => choice.label)).toEqual(['Sales', 'Inventory', 'Patient']);
    expect(Object.keys(REPORT_EMPTY_TEXT).toSorted()).toEqual([...REPORTS].toSorted());
  });

  it('words a download: a percent when the size is known, the bytes received when it streams', () => {
    expect(byteSize(820)).toBe('820 B');
    expect(byteSize(12_700)).toBe('12.4 KB');
    expect(byteSize(3_250_000)).toBe('3.1 MB');
    expect(progressPercent({ receivedBytes: 450, totalBytes: 1000 })).toBe(45);
    expect(progressPercent({ receivedBytes: 450, totalBytes: null })).toBeNull();
    expect(progressText({ receivedBytes: 0, totalBytes: null })).toBe('Preparing the file…');
    expect(progressText({ receivedBytes: 2_100_000, totalBytes: null })).toBe('2.0 MB received');
    expect(progressText({ receivedBytes: 500, totalBytes: 2000 })).toBe('25% of 2.0 KB');
  });

  it('offers a sign-off for a day not signed, or changed since it was signed', () => {
    expect(needsSignOff({ status: 'Not signed' })).toBe(true);
    expect(needsSignOff({ status: 'Changed since signed' })).toBe(true);
    expect(needsSignOff({ status: 'Signed' })).toBe(false);
    expect(needsSignOff({ status: 'No fills' })).toBe(false);
  });
});

describe('a streamed file download', () => {
  function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    return new ReadableStream({ start(controller) { for (const chunk of chunks) controller.enqueue(encoder.encode(chunk)); controller.close(); } });
  }

  it('reads the file as it streams, reporting progress, with the name the server gave and the session sent', async () => {
    const asked: { url: string; headers: Record<string, string> }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      asked.push({ url, headers: init.headers as Record<string, string> });
      return new Response(streamOf(['Sales,', '2026-11-01\r\n', 'rows']), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="sales-2026-11-01-to-2026-11-30.csv"' },
      });
    }) as typeof fetch;
    const download = createApiFileDownloader({ functionsUrl: 'http://stack.test/functions/v1/', apikey: 'anon', accessToken: async () => 'jwt-1' }, fetcher);
    const progress: DownloadProgress[] = [];
    const file = await download(reportEndpoint, { report: 'sales' }, { from: '2026-11-01', to: '2026-11-30', format: 'csv' }, { onProgress: (p) => progress.push(p) });
    expect(asked).toEqual([{ url: 'http://stack.test/functions/v1/api/reports/sales?from=2026-11-01&to=2026-11-30&format=csv', headers: { apikey: 'anon', Authorization: 'Bearer jwt-1' } }]);
    expect(await file.blob.text()).toBe('Sales,2026-11-01\r\nrows');
    expect(file).toMatchObject({ fileName: 'sales-2026-11-01-to-2026-11-30.csv', contentType: 'text/csv; charset=utf-8' });
    expect(progress.map((p) => p.receivedBytes)).toEqual([0, 6, 18, 22]);
    expect(progress.every((p) => p.totalBytes === null)).toBe(true);
  });

  it("turns a refusal into an ApiError with the server's message", async () => {
    const fetcher = (async () => new Response(JSON.stringify({ error: 'Only pharmacists and admins of the pharmacy can read reports' }), { status: 403 })) as unknown as typeof fetch;
    const download = createApiFileDownloader({ functionsUrl: 'http://stack.test/functions/v1', apikey: 'anon', accessToken: async () => null }, fetcher);
    const failure = await download(reportEndpoint, { report: 'sales' }, { from: '2026-11-01', to: '2026-11-30', format: 'pdf' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: 'Only pharmacists and admins of the pharmacy can read reports' });
    const unreachable = createApiFileDownloader({ functionsUrl: 'http://stack.test/functions/v1', apikey: 'anon', accessToken: async () => null },
      (async () => { throw new TypeError('fetch failed'); }) as typeof fetch);
    await expect(unreachable(reportEndpoint, { report: 'sales' }, { from: '2026-11-01', to: '2026-11-30' })).rejects.toThrow('Could not reach the server (fetch failed).');
  });

  it("takes the file's name from Content-Disposition, quoted or not", () => {
    expect(attachmentFileName('attachment; filename="a-b.pdf"')).toBe('a-b.pdf');
    expect(attachmentFileName('attachment; filename=a.xlsx')).toBe('a.xlsx');
    expect(attachmentFileName(null)).toBeNull();
  });
});
