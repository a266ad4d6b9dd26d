/**
 * Which jobs are due, tick by tick (pg_cron's timing, without the database): a cron schedule once in each minute it
 * matches (minutes missed while the scheduler was busy are caught up, at most five), an 'N seconds' job N seconds
 * after its previous start (the first N seconds after the scheduler first sees it), @reboot once when the scheduler
 * starts. The current minute at start is not run (a restarted scheduler would run it twice).
 */
import { dueInMinute, parseSchedule, type Schedule } from './schedule.ts';

export interface JobRow {
  jobid: string;
  schedule: string;
  command: string;
  database: string;
  username: string;
  active: boolean;
  jobname: string | null;
}

const MINUTE_MS = 60_000;
const MAX_CATCH_UP_MINUTES = 5;

export class DueJobs {
  private lastMinute: number | null = null;
  private readonly intervalStarts = new Map<string, number>();
  private firstTick = true;
  private readonly parsed = new Map<string, Schedule | null>();

  constructor(private readonly onInvalid: (job: JobRow) => void = () => undefined) {}

  private schedule(job: JobRow): Schedule | null {
    if (!this.parsed.has(job.schedule)) {
      const schedule = parseSchedule(job.schedule);
      this.parsed.set(job.schedule, schedule);
      if (!schedule) this.onInvalid(job);
    }
    return this.parsed.get(job.schedule) ?? null;
  }

  /** The jobs to start at `now`; each job at most once per call. */
  due(jobs: JobRow[], now: Date, timeZone = 'GMT'): JobRow[] {
    const nowMs = now.getTime();
    const currentMinute = Math.floor(nowMs / MINUTE_MS);
    const minutes: number[] = [];
    if (this.lastMinute !== null) {
      for (let m = Math.max(this.lastMinute + 1, currentMinute - MAX_CATCH_UP_MINUTES + 1); m <= currentMinute; m += 1) minutes.push(m);
    }
    this.lastMinute = currentMinute;
    const firstTick = this.firstTick;
    this.firstTick = false;

    const seen = new Set<string>();
    const due: JobRow[] = [];
    for (const job of jobs) {
      if (!job.active) continue;
      const schedule = this.schedule(job);
      if (!schedule) continue;
      if (schedule.kind === 'reboot') {
        if (firstTick) due.push(job);
      } else if (schedule.kind === 'interval') {
        // Keyed by schedule too: a job given a new interval starts counting again.
        const key = `${job.jobid}\u0000${job.schedule}`;
        seen.add(key);
        const last = this.intervalStarts.get(key);
        if (last === undefined) {
          this.intervalStarts.set(key, nowMs);
        } else if (nowMs - last >= schedule.seconds * 1000) {
          this.intervalStarts.set(key, nowMs);
          due.push(job);
        }
      } else if (minutes.some((m) => dueInMinute(schedule, new Date(m * MINUTE_MS), timeZone))) {
        due.push(job);
      }
    }
    for (const key of this.intervalStarts.keys()) if (!seen.has(key)) this.intervalStarts.delete(key);
    return due;
  }
}
