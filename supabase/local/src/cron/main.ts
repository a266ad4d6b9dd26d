/**
 * Entry of the local pg_cron scheduler: `node --import tsx supabase/local/src/cron/main.ts`, started by the
 * supervisor (hosted: pg_cron's background worker). Connected to the database `postgres` (cron.database_name) as
 * 'pg_cron scheduler', it reads cron.job every second and when it changes (cron_job_changed), starts each due job
 * (due-jobs.ts) with job-runner.ts — a job still running is not started again; one due run waits for it — and
 * marks runs left unfinished by a previous scheduler as failed ("server restarted"), as pg_cron does. Losing the
 * database ends the process; the supervisor restarts it.
 */
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { DueJobs, type JobRow } from './due-jobs.ts';
import { JobRunner } from './job-runner.ts';

const TICK_MS = 1000;

const config = loadConfig();
const scheduler = new pg.Client({ connectionString: config.dbUrl, application_name: 'pg_cron scheduler' });
scheduler.on('error', (error) => {
  console.error(`database connection lost: ${error.message}`);
  process.exit(1);
});
await scheduler.connect();
await scheduler.query('listen cron_job_changed');

const runner = new JobRunner(scheduler, config.dbUrl);
const dueJobs = new DueJobs((job) => console.error(`invalid pg_cron schedule for job ${job.jobid}: ${job.schedule}`));
const running = new Set<string>();
const pending = new Set<string>();
let cleanedUp = false;
let stopping = false;
let wake: (() => void) | null = null;
scheduler.on('notification', () => wake?.());

async function cronEnabled(): Promise<boolean> {
  const result = await scheduler.query<{ ready: boolean }>(`select to_regclass('cron.job') is not null and to_regclass('cron.job_run_details') is not null as ready`);
  return result.rows[0]?.ready === true;
}

async function timeZone(): Promise<string> {
  const setting = (await scheduler.query<{ zone: string | null }>(`select nullif(current_setting('cron.timezone', true), '') as zone`)).rows[0]?.zone;
  if (!setting) return 'GMT';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: setting });
    return setting;
  } catch {
    return 'GMT';
  }
}

function start(job: JobRow): void {
  if (running.has(job.jobid)) {
    pending.add(job.jobid);
    return;
  }
  running.add(job.jobid);
  void runner
    .run(job)
    .catch((error: Error) => console.error(`job ${job.jobid} could not be recorded: ${error.message}`))
    .finally(() => {
      running.delete(job.jobid);
      if (pending.delete(job.jobid) && !stopping) start(job);
    });
}

async function tick(): Promise<void> {
  if (!(await cronEnabled())) return;
  if (!cleanedUp) {
    await scheduler.query(
      `update cron.job_run_details set status = 'failed', return_message = 'server restarted'
       where status in ('starting', 'running', 'sending', 'connecting')`,
    );
    cleanedUp = true;
  }
  const jobs = (
    await scheduler.query<JobRow>('select jobid, schedule, command, database, username, active, jobname from cron.job order by jobid')
  ).rows;
  for (const job of dueJobs.due(jobs, new Date(), await timeZone())) start(job);
}

function stop(): void {
  stopping = true;
  wake?.();
  void scheduler.end().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

console.log(`running pg_cron jobs of database postgres on ${config.ports.db}`);
while (!stopping) {
  try {
    await tick();
  } catch (error) {
    console.error(`pg_cron tick failed: ${(error as Error).message}`);
  }
  // Next whole second, or at once when cron.job changes.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, TICK_MS - (Date.now() % TICK_MS));
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  wake = null;
}
