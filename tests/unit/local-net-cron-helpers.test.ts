/**
 * How the local pg_net sender and pg_cron runner word what they record (supabase/local/src/net/http-sender.ts,
 * supabase/local/src/cron/job-runner.ts): curl's messages for failed requests, libpq's rendering of a server error,
 * pg_cron's return_message for a command that succeeded.
 */
import { describe, expect, it } from 'vitest';
import { databaseUrl, resultMessage, serverErrorMessage } from '../../supabase/local/src/cron/job-runner.ts';
import { curlStyleError, sendRequest } from '../../supabase/local/src/net/http-sender.ts';

describe('the pg_net sender', () => {
  it("words Node's network failures as curl does", () => {
    const failed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code, message: `${code} detail` } });
    expect(curlStyleError(failed('ECONNREFUSED'))).toBe("Couldn't connect to server");
    expect(curlStyleError(failed('ENOTFOUND'))).toBe("Couldn't resolve host name");
    expect(curlStyleError(failed('ECONNRESET'))).toBe('Failure when receiving data from the peer');
    expect(curlStyleError(failed('EPROTO'))).toBe('EPROTO detail');
  });

  it('records a malformed or non-http URL as an error without sending anything', async () => {
    const base = { id: '1', method: 'GET', headers: null, body: null, timeoutMilliseconds: 1000 };
    expect(await sendRequest({ ...base, url: 'not a url' })).toMatchObject({ statusCode: null, timedOut: false, errorMsg: 'URL using bad/illegal format or missing URL' });
    expect(await sendRequest({ ...base, url: 'data:text/plain,hello' })).toMatchObject({ statusCode: null, errorMsg: 'Unsupported protocol' });
  });
});

describe('the pg_cron runner', () => {
  it("gives a succeeded command's result as pg_cron does", () => {
    expect(resultMessage('select 1', 1)).toBe('1 row');
    expect(resultMessage('SELECT * FROM t', 3)).toBe('3 rows');
    expect(resultMessage('insert into t values (1), (2)', 2)).toBe('INSERT 0 2');
    expect(resultMessage('update t set a = 1', 0)).toBe('UPDATE 0');
    expect(resultMessage('delete from t;', 4)).toBe('DELETE 4');
    expect(resultMessage('create table x (a int); select 1', 1)).toBe('1 row');
    expect(resultMessage('call private.refresh()', 0)).toBe('CALL');
  });

  it("renders a server error as libpq does (what job_run_details.return_message holds)", () => {
    expect(serverErrorMessage({ severity: 'ERROR', message: 'division by zero' })).toBe('ERROR:  division by zero\n');
    expect(serverErrorMessage({ severity: 'ERROR', message: 'bad', detail: 'why', hint: 'fix' })).toBe('ERROR:  bad\nDETAIL:  why\nHINT:  fix\n');
  });

  it('connects to the job\'s database', () => {
    expect(databaseUrl('postgresql://postgres:postgres@127.0.0.1:54322/postgres', 'other db')).toBe('postgresql://postgres:postgres@127.0.0.1:54322/other%20db');
  });
});
