/**
 * Runs one pg_cron job and records the run in cron.job_run_details as pg_cron does: a row 'starting', then
 * 'running' with the backend pid and start time, then 'succeeded' with the command's result ("1 row", "INSERT 0 3",
 * …) or 'failed' with the server's message ("ERROR:  …"), and the end time.
 *
 * The job runs in its database as its username. pg_cron logs in as that role; this stack's scheduler holds the
 * superuser's password only, so it runs the command inside a security-definer function owned by the job's role,
 * in a temporary schema of its own connection: the command then has exactly that role's rights and cannot leave
 * it (Postgres refuses SET ROLE / SET SESSION AUTHORIZATION inside a security-definer function). Consequences: a
 * role that cannot log in fails as it would on hosted; the command runs in one transaction, so commands that
 * cannot run inside a function (VACUUM, a procedure that commits) fail here.
 */
import pg from 'pg';
import type { JobRow } from './due-jobs.ts';

export function databaseUrl(dbUrl: string, database: string): string {
  const url = new URL(dbUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** libpq's rendering of a server error (what pg_cron stores): "ERROR:  message\nDETAIL:  …\nHINT:  …\n". */
export function serverErrorMessage(error: unknown): string {
  const e = error as { severity?: string; message?: string; detail?: string; hint?: string };
  let text = `${e.severity ?? 'ERROR'}:  ${e.message ?? String(error)}\n`;
  if (e.detail) text += `DETAIL:  ${e.detail}\n`;
  if (e.hint) text += `HINT:  ${e.hint}\n`;
  return text;
}

/** pg_cron's return_message for a command that succeeded: "N row(s)" for a query, else the command tag. */
export function resultMessage(command: string, rowCount: number): string {
  const statements = command.split(';').map((s) => s.trim()).filter(Boolean);
  const keyword = (/^[A-Za-z]+/.exec(statements.at(-1) ?? '')?.[0] ?? '').toUpperCase();
  switch (keyword) {
    case 'SELECT':
    case 'WITH':
    case 'VALUES':
    case 'TABLE':
      return `${rowCount} ${rowCount === 1 ? 'row' : 'rows'}`;
    case 'INSERT':
      return `INSERT 0 ${rowCount}`;
    case 'UPDATE':
    case 'DELETE':
    case 'MERGE':
      return `${keyword} ${rowCount}`;
    default:
      return keyword;
  }
}

export class JobRunner {
  constructor(
    private readonly scheduler: pg.ClientBase,
    private readonly dbUrl: string,
  ) {}

  private async update(runid: string, fields: { status: string; returnMessage?: string; jobPid?: number; started?: boolean; ended?: boolean }): Promise<void> {
    await this.scheduler.query(
      `update cron.job_run_details
       set status = $2,
           return_message = coalesce($3, return_message),
           job_pid = coalesce($4, job_pid),
           start_time = case when $5 then now() else start_time end,
           end_time = case when $6 then now() else end_time end
       where runid = $1`,
      [runid, fields.status, fields.returnMessage ?? null, fields.jobPid ?? null, fields.started ?? false, fields.ended ?? false],
    );
  }

  async run(job: JobRow): Promise<void> {
    const inserted = await this.scheduler.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, database, username, command, status) values ($1, $2, $3, $4, 'starting') returning runid`,
      [job.jobid, job.database, job.username, job.command],
    );
    const runid = inserted.rows[0]!.runid;
    const client = new pg.Client({ connectionString: databaseUrl(this.dbUrl, job.database), application_name: `pg_cron job ${job.jobid}` });
    client.on('error', () => undefined);
    try {
      await this.update(runid, { status: 'connecting' });
      try {
        await client.connect();
      } catch (error) {
        await this.update(runid, { status: 'failed', returnMessage: serverErrorMessage(error), ended: true });
        return;
      }
      const role = await client.query<{ rolcanlogin: boolean }>('select rolcanlogin from pg_roles where rolname = $1', [job.username]);
      if (role.rows.length === 0 || !role.rows[0]!.rolcanlogin) {
        const message = role.rows.length === 0 ? `role "${job.username}" does not exist` : `role "${job.username}" is not permitted to log in`;
        await this.update(runid, { status: 'failed', returnMessage: `FATAL:  ${message}\n`, ended: true });
        return;
      }
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await this.update(runid, { status: 'running', jobPid: pid, started: true });
      try {
        await client.query('begin');
        await client.query(`
          create function pg_temp.cron_job_run(command text) returns bigint
          language plpgsql security definer as $run$
          declare
            processed bigint;
          begin
            execute command;
            get diagnostics processed = row_count;
            return processed;
          end
          $run$`);
        await client.query(`alter function pg_temp.cron_job_run(text) owner to ${client.escapeIdentifier(job.username)}`);
        const result = await client.query<{ processed: string }>('select pg_temp.cron_job_run($1) as processed', [job.command]);
        await client.query('commit');
        await this.update(runid, { status: 'succeeded', returnMessage: resultMessage(job.command, Number(result.rows[0]!.processed)), ended: true });
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        await this.update(runid, { status: 'failed', returnMessage: serverErrorMessage(error), ended: true });
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
