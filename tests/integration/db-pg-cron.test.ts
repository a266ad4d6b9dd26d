/**
 * pg_cron on the local stack (supabase/local/sql/extensions/pg_cron--1.6.sql, the `cron` part in
 * supabase/local/src/cron/): migrations enable it as on hosted; cron.schedule (both forms, upsert on name),
 * cron.unschedule (by id and by name, pg_cron's errors), schedule validation (the SQL side agrees with the
 * scheduler's parser), jobs run by the scheduler as their username in their database with each run recorded in
 * cron.job_run_details (succeeded / failed with the message), owner-only RLS and hosted's grants.
 * Two login roles stand for two owners; fixtures live in schema cron_test, dropped after.
 */
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSchedule } from '../../supabase/local/src/cron/schedule.ts';
import { closeSql, eventually, sql, stackEnv } from '../support/stack-env.ts';

const suffix = `${process.pid}`;
const ownerA = `cron_test_a_${suffix}`;
const ownerB = `cron_test_b_${suffix}`;
const password = `cron-test-${suffix}`;
let clientA: pg.Client;
let clientB: pg.Client;

interface RunRow {
  jobid: string;
  runid: string;
  job_pid: number | null;
  database: string;
  username: string;
  command: string;
  status: string;
  return_message: string | null;
  start_time: Date | null;
  end_time: Date | null;
}

function connectAs(user: string): Promise<pg.Client> {
  const url = new URL(stackEnv().dbUrl);
  url.username = user;
  url.password = password;
  const client = new pg.Client({ connectionString: url.toString() });
  return client.connect().then(() => client);
}

async function errorOf(work: Promise<unknown>): Promise<{ message: string; hint?: string; code?: string }> {
  try {
    await work;
  } catch (error) {
    return error as { message: string; hint?: string; code?: string };
  }
  throw new Error('expected an error');
}

async function finishedRun(jobid: string, timeoutMs = 15_000): Promise<RunRow> {
  return eventually(
    async () => (await sql<RunRow>(`select * from cron.job_run_details where jobid = $1 and status in ('succeeded', 'failed') order by runid limit 1`, [jobid]))[0],
    `a finished run of job ${jobid}`,
    timeoutMs,
  );
}

beforeAll(async () => {
  // What a migration says, on hosted as here; twice, as `if not exists` makes it safe.
  await sql('create extension if not exists pg_cron with schema pg_catalog');
  await sql('create extension if not exists pg_cron with schema pg_catalog');
  await sql('create schema if not exists cron_test');
  await sql('create table if not exists cron_test.runs (who text not null, note text, at timestamptz not null default now())');
  await sql('create table if not exists cron_test.secret (value text)');
  for (const role of [ownerA, ownerB]) {
    await sql(`create role ${role} login password '${password}'`);
    // As an operator grants a role the use of pg_cron on hosted (the schema is not PUBLIC's).
    await sql(`grant usage on schema cron to ${role}`);
    await sql(`grant usage on schema cron_test to ${role}`);
    await sql(`grant select, insert on cron_test.runs to ${role}`);
  }
  clientA = await connectAs(ownerA);
  clientB = await connectAs(ownerB);
});

afterAll(async () => {
  await clientA?.end();
  await clientB?.end();
  await sql(`delete from cron.job where username in ($1, $2) or jobname like 'cron-test-%'`, [ownerA, ownerB]);
  await sql(`delete from cron.job_run_details where username in ($1, $2)`, [ownerA, ownerB]);
  for (const role of [ownerA, ownerB]) {
    await sql(`drop owned by ${role}`);
    await sql(`drop role if exists ${role}`);
  }
  await sql('drop schema if exists cron_test cascade');
  await closeSql();
});

describe('the extension', () => {
  it('is a real extension in pg_catalog with schema cron, its tables and functions', async () => {
    expect(await sql(`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_cron'`)).toEqual([{ schema: 'pg_catalog' }]);
    const columns = await sql<{ table_name: string; columns: string }>(`
      select table_name, string_agg(column_name || ' ' || data_type, ', ' order by ordinal_position) as columns
      from information_schema.columns where table_schema = 'cron' group by table_name order by table_name`);
    expect(columns).toEqual([
      { table_name: 'job', columns: 'jobid bigint, schedule text, command text, nodename text, nodeport integer, database text, username text, active boolean, jobname text' },
      {
        table_name: 'job_run_details',
        columns:
          'jobid bigint, runid bigint, job_pid integer, database text, username text, command text, status text, return_message text, start_time timestamp with time zone, end_time timestamp with time zone',
      },
    ]);
  });
});

describe('cron.schedule and cron.unschedule', () => {
  it('schedule by name is an upsert on (name, role) that keeps the job id; the unnamed form adds a job', async () => {
    const [{ id }] = (await sql<{ id: string }>(`select cron.schedule('cron-test-weekly', '0 3 * * 1', 'select 1') as id`)) as [{ id: string }];
    const [{ id: again }] = (await sql<{ id: string }>(`select cron.schedule('cron-test-weekly', '30 4 * * 2', 'select 2') as id`)) as [{ id: string }];
    expect(again).toBe(id);
    expect(await sql('select jobname, schedule, command, database, username, active, nodename from cron.job where jobid = $1', [id])).toEqual([
      { jobname: 'cron-test-weekly', schedule: '30 4 * * 2', command: 'select 2', database: 'postgres', username: 'postgres', active: true, nodename: 'localhost' },
    ]);
    expect((await sql(`select 1 from cron.job where jobname = 'cron-test-weekly'`)).length).toBe(1);

    const [{ id: unnamed }] = (await sql<{ id: string }>(`select cron.schedule('0 0 $ * *', 'select 3') as id`)) as [{ id: string }];
    expect(unnamed).not.toBe(id);
    expect(await sql('select jobname, schedule from cron.job where jobid = $1', [unnamed])).toEqual([{ jobname: null, schedule: '0 0 $ * *' }]);

    // The same name for another role is another job.
    const [{ id: ofA }] = (await clientA.query<{ id: string }>(`select cron.schedule('cron-test-weekly', '0 3 * * 1', 'select 1') as id`)).rows as [{ id: string }];
    expect(ofA).not.toBe(id);

    expect(await sql('select cron.unschedule($1::bigint) as done', [unnamed])).toEqual([{ done: true }]);
    expect(await sql(`select cron.unschedule('cron-test-weekly') as done`)).toEqual([{ done: true }]);
    expect(await sql('select 1 from cron.job where jobid in ($1, $2)', [id, unnamed])).toEqual([]);
    expect((await sql('select 1 from cron.job where jobid = $1', [ofA])).length).toBe(1);
  });

  it('unscheduling a job that does not exist is an error naming it', async () => {
    expect((await errorOf(sql('select cron.unschedule(987654321::bigint)'))).message).toBe('could not find valid entry for job 987654321');
    expect((await errorOf(sql(`select cron.unschedule('cron-test-missing')`))).message).toBe("could not find valid entry for job 'cron-test-missing'");
  });

  it('a null argument: the named form says which, the unnamed form returns null', async () => {
    expect((await errorOf(sql(`select cron.schedule(null, '* * * * *', 'select 1')`))).message).toBe('job_name can not be NULL');
    expect((await errorOf(sql(`select cron.schedule('cron-test-null', null, 'select 1')`))).message).toBe('schedule can not be NULL');
    expect((await errorOf(sql(`select cron.schedule('cron-test-null', '* * * * *', null)`))).message).toBe('command can not be NULL');
    expect(await sql(`select cron.schedule(null::text, 'select 1') as id`)).toEqual([{ id: null }]);
  });
});

const VALID = [
  '* * * * *', '*/5 * * * *', '0 3 * * 1', '30 4 1,15 * *', '0 0 $ * *', '0 12 * Jan-Mar mon-FRI', '0-10/3 1-5 * * 0,7',
  '59 23 31 12 7', '0 */2 * * *', '5-4 * * * *', '@hourly', '@daily', '@midnight', '@weekly', '@monthly', '@yearly', '@annually', '@reboot',
  '1 seconds', '1 second', '59 seconds', '30 Seconds', ' 10 seconds ', '10seconds', ' 0 3 * * * ',
];
const INVALID = [
  '', '* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * 32 * *', '* * * 13 *', '* * * * 8', '1/5 * * * *',
  '*/0 * * * *', '*/60 * * * *', 'a * * * *', '* * * Foo *', '* * * * Monday', '$ * * * *', '* * * $ *', '0 seconds', '60 seconds',
  '5 second ', '5 secs', 'five seconds', '@every 5m', '@Daily', '*/5,,1 * * * *', '1- * * * *',
];

describe('schedules', () => {
  it('refuses an invalid schedule with pg_cron\'s error and hint, and changes nothing', async () => {
    const before = await sql('select count(*) from cron.job');
    for (const schedule of INVALID) {
      const error = await errorOf(sql(`select cron.schedule('cron-test-invalid', $1, 'select 1')`, [schedule]));
      expect(error.message, schedule).toBe(`invalid schedule: ${schedule}`);
      expect(error.hint).toBe("Use cron format (e.g. 5 4 * * *), or interval format '[1-59] seconds'");
    }
    expect(await sql('select count(*) from cron.job')).toEqual(before);
  });

  it('accepts 5-field cron (names, ranges, steps, $), @specials and N seconds', async () => {
    for (const schedule of VALID) {
      const [{ id }] = (await sql<{ id: string }>(`select cron.schedule('cron-test-valid', $1, 'select 1') as id`, [schedule])) as [{ id: string }];
      expect((await sql<{ schedule: string }>('select schedule from cron.job where jobid = $1', [id]))[0]!.schedule).toBe(schedule);
    }
    await sql(`select cron.unschedule('cron-test-valid')`);
  });

  it('the database and the scheduler read every schedule the same way', async () => {
    const rows = await sql<{ schedule: string; parsed: unknown }>(
      'select s as schedule, cron._local_parse_schedule(s) as parsed from unnest($1::text[]) as s',
      [[...VALID, ...INVALID]],
    );
    for (const row of rows) expect(row.parsed, row.schedule).toEqual(parseSchedule(row.schedule));
  });
});

describe('running jobs', () => {
  it("an 'N seconds' job runs and each run is recorded as succeeded with the command's result", async () => {
    const [{ id }] = (await sql<{ id: string }>(
      `select cron.schedule('cron-test-every-second', '1 seconds', $$insert into cron_test.runs (who, note) values (current_user, 'tick')$$) as id`,
    )) as [{ id: string }];
    try {
      const run = await finishedRun(id);
      expect(run).toMatchObject({ status: 'succeeded', return_message: 'INSERT 0 1', database: 'postgres', username: 'postgres' });
      expect(run.command).toContain('cron_test.runs');
      expect(run.job_pid).toBeGreaterThan(0);
      expect(run.start_time).toBeInstanceOf(Date);
      expect(run.end_time!.getTime()).toBeGreaterThanOrEqual(run.start_time!.getTime());
      await eventually(async () => (await sql(`select 1 from cron_test.runs where note = 'tick'`)).length >= 2, 'the job to run again a second later');
    } finally {
      await sql(`select cron.unschedule('cron-test-every-second')`);
    }
  });

  it('a failing command is recorded as failed with the server\'s message', async () => {
    const [{ id }] = (await sql<{ id: string }>(`select cron.schedule('cron-test-failing', '1 seconds', 'select 1/0') as id`)) as [{ id: string }];
    try {
      const run = await finishedRun(id);
      expect(run.status).toBe('failed');
      expect(run.return_message).toBe('ERROR:  division by zero\n');
      expect(run.end_time).toBeInstanceOf(Date);
    } finally {
      await sql(`select cron.unschedule('cron-test-failing')`);
    }
  });

  it("a job runs as its owner with the owner's rights only, and cannot become another role", async () => {
    const [{ id: own }] = (await clientA.query<{ id: string }>(
      `select cron.schedule('cron-test-as-owner', '1 seconds', $$insert into cron_test.runs (who, note) values (current_user, 'as owner')$$) as id`,
    )).rows as [{ id: string }];
    const [{ id: denied }] = (await clientA.query<{ id: string }>(`select cron.schedule('cron-test-denied', '1 seconds', 'select * from cron_test.secret') as id`)).rows as [{ id: string }];
    const [{ id: escape }] = (await clientA.query<{ id: string }>(`select cron.schedule('cron-test-escape', '1 seconds', 'reset role; insert into cron_test.secret values (current_user)') as id`)).rows as [{ id: string }];
    try {
      expect(await finishedRun(own)).toMatchObject({ status: 'succeeded', username: ownerA });
      expect((await sql<{ who: string }>(`select who from cron_test.runs where note = 'as owner' limit 1`))[0]!.who).toBe(ownerA);
      const deniedRun = await finishedRun(denied);
      expect(deniedRun.status).toBe('failed');
      expect(deniedRun.return_message).toBe('ERROR:  permission denied for table secret\n');
      const escapeRun = await finishedRun(escape);
      expect(escapeRun.status).toBe('failed');
      expect(escapeRun.return_message).toContain('cannot set parameter "role" within security-definer function');
      expect(await sql('select * from cron_test.secret')).toEqual([]);
    } finally {
      await clientA.query(`select cron.unschedule('cron-test-as-owner'), cron.unschedule('cron-test-denied'), cron.unschedule('cron-test-escape')`);
    }
  });
});

describe('the scheduler as a part of the stack', () => {
  it('comes back after it is killed and runs jobs again; a run it left unfinished is marked failed', async () => {
    const pidOf = () => (JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')) as { parts: Record<string, number> }).parts.cron!;
    const before = pidOf();
    const [{ id }] = (await sql<{ id: string }>(`select cron.schedule('cron-test-slow', '1 seconds', 'select pg_sleep(30)') as id`)) as [{ id: string }];
    try {
      await eventually(async () => (await sql(`select 1 from cron.job_run_details where jobid = $1 and status = 'running'`, [id])).length > 0, 'the slow job to be running');
      process.kill(before, 'SIGKILL');
      const interrupted = await finishedRun(id, 20_000);
      expect(interrupted).toMatchObject({ status: 'failed', return_message: 'server restarted' });
      expect(pidOf()).not.toBe(before);
      await sql(`select cron.alter_job($1, command => 'select 1')`, [id]);
      await eventually(async () => (await sql(`select 1 from cron.job_run_details where jobid = $1 and status = 'succeeded'`, [id])).length > 0, 'a run after the restart');
    } finally {
      await sql(`select cron.unschedule('cron-test-slow')`);
      await sql(`select pg_terminate_backend(pid) from pg_stat_activity where query like '%pg_sleep(30)%' and pid <> pg_backend_pid()`);
    }
  });
});

describe('owner-only access (RLS) and grants, as hosted', () => {
  it('each role sees and unschedules only its own jobs and runs', async () => {
    const [{ id: jobOfA }] = (await clientA.query<{ id: string }>(`select cron.schedule('cron-test-private', '0 5 * * *', 'select 1') as id`)).rows as [{ id: string }];
    const [{ id: jobOfB }] = (await clientB.query<{ id: string }>(`select cron.schedule('cron-test-private', '0 6 * * *', 'select 2') as id`)).rows as [{ id: string }];
    await sql(`insert into cron.job_run_details (jobid, database, username, command, status) values ($1, 'postgres', $2, 'select 1', 'succeeded')`, [jobOfA, ownerA]);

    const jobsSeenByA = (await clientA.query<{ jobid: string; username: string }>('select jobid, username from cron.job')).rows;
    expect(jobsSeenByA.map((job) => job.username)).toEqual(jobsSeenByA.map(() => ownerA));
    expect(jobsSeenByA.map((job) => job.jobid)).toContain(jobOfA);
    expect((await clientB.query('select 1 from cron.job where jobid = $1', [jobOfA])).rows).toEqual([]);
    expect((await clientB.query('select 1 from cron.job_run_details where jobid = $1', [jobOfA])).rows).toEqual([]);
    expect((await clientA.query('select status from cron.job_run_details where jobid = $1', [jobOfA])).rows).toEqual([{ status: 'succeeded' }]);

    // B can neither remove A's job by id nor find it by name; B's delete of A's runs touches nothing.
    expect((await errorOf(clientB.query('select cron.unschedule($1::bigint)', [jobOfA]))).message).toBe('permission denied for table job');
    await clientB.query(`select cron.unschedule('cron-test-private')`);
    expect((await sql('select 1 from cron.job where jobid = $1', [jobOfB]))).toEqual([]);
    expect((await sql('select 1 from cron.job where jobid = $1', [jobOfA])).length).toBe(1);
    expect((await clientB.query('delete from cron.job_run_details where jobid = $1', [jobOfA])).rowCount).toBe(0);
    expect((await clientA.query('delete from cron.job_run_details where jobid = $1', [jobOfA])).rowCount).toBe(1);

    // Nobody writes cron.job directly: only SELECT is granted.
    expect((await errorOf(clientA.query(`insert into cron.job (schedule, command) values ('* * * * *', 'select 1')`))).message).toBe('permission denied for table job');
    expect((await errorOf(clientA.query(`update cron.job set command = 'select 2' where jobid = $1`, [jobOfA]))).message).toBe('permission denied for table job');
    expect(await clientA.query('select cron.unschedule($1::bigint) as done', [jobOfA]).then((r) => r.rows)).toEqual([{ done: true }]);
  });

  it('grants: PUBLIC reads cron.job and reads/deletes its runs; alter_job and schedule_in_database are not PUBLIC\'s; the API roles cannot reach the schema', async () => {
    const [privileges] = await sql<Record<string, boolean>>(
      `select has_table_privilege($1, 'cron.job', 'select') as job_select,
              has_table_privilege($1, 'cron.job', 'insert') as job_insert,
              has_table_privilege($1, 'cron.job_run_details', 'select') as runs_select,
              has_table_privilege($1, 'cron.job_run_details', 'delete') as runs_delete,
              has_table_privilege($1, 'cron.job_run_details', 'insert') as runs_insert,
              has_function_privilege($1, 'cron.schedule(text,text,text)', 'execute') as schedule,
              has_function_privilege($1, 'cron.unschedule(text)', 'execute') as unschedule,
              has_function_privilege($1, 'cron.alter_job(bigint,text,text,text,text,boolean)', 'execute') as alter_job,
              has_function_privilege($1, 'cron.schedule_in_database(text,text,text,text,text,boolean)', 'execute') as in_database`,
      [ownerA],
    );
    expect(privileges).toEqual({
      job_select: true, job_insert: false, runs_select: true, runs_delete: true, runs_insert: false, schedule: true, unschedule: true, alter_job: false, in_database: false,
    });
    const [apiRoles] = await sql<Record<string, boolean>>(
      `select has_schema_privilege('anon', 'cron', 'usage') as anon, has_schema_privilege('authenticated', 'cron', 'usage') as authenticated`,
    );
    expect(apiRoles).toEqual({ anon: false, authenticated: false });
    expect(await sql(`select polname from pg_policy where polrelid in ('cron.job'::regclass, 'cron.job_run_details'::regclass) order by 1`)).toEqual([
      { polname: 'cron_job_policy' },
      { polname: 'cron_job_run_details_policy' },
    ]);
  });
});
