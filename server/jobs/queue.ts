// The durable job queue (decision 044): pg-boss on the app's own database, a PostgreSQL server or the embedded
// PGlite (pg-boss's PGlite backend, same SQL, in-process). Jobs survive restarts, failed attempts are retried
// with exponential back-off, a periodic job is created once per cron occurrence however many instances run,
// and each job is fetched by one worker only (SKIP LOCKED). pg-boss keeps its tables in its own schema
// `pgboss`, which it creates and migrates itself on start (under an advisory lock, so instances may race).
import { PgBoss, fromPglite, fromPrisma } from 'pg-boss';
import type { Database, DbTx } from '../db.ts';
import type { Logger } from '../logger.ts';
import type { AppDeps } from '../deps.ts';
import { JOB_DEFINITIONS, type JobDefinition } from './definitions.ts';

export const JOB_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  definitions?: JobDefinition[];
  /** How often an idle worker looks for work (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often this instance checks the cron schedules (seconds, 1 to 45). */
  cronMonitorIntervalSeconds?: number;
  /** How often a working instance looks for jobs whose worker stopped its heartbeat (seconds; default 30). */
  superviseIntervalSeconds?: number;
}

/**
 * A worker renews each job it holds every 15 s; a job whose heartbeat is older than this (its process was
 * killed) is failed and retried by the supervising instances, within this plus the supervise interval
 * (issue 24; without a heartbeat such a job waited out pg-boss's 15-minute expiry).
 */
export const JOB_HEARTBEAT_SECONDS = 30;
/** However alive its worker, a job running longer than this is ended and retried. */
export const JOB_EXPIRE_SECONDS = 600;

export interface JobQueue {
  readonly definitions: JobDefinition[];
  /**
   * Starts the queue: installs or migrates its schema, creates the queues. With `deps`, this instance also
   * works the jobs and keeps the schedules; without, it only serves sends and admin reads (tests, scripts).
   */
  start(opts?: { deps?: AppDeps }): Promise<void>;
  /**
   * Puts a job in line. When this instance works that queue, its worker is woken at once rather than at its
   * next poll (a new match's notifications go out in milliseconds, not seconds).
   */
  send(name: string, data?: Record<string, unknown>): Promise<string | null>;
  /**
   * Runs what waits in these queues now, in this process, until they are empty (tests and scripts, where no
   * worker runs); answers how many jobs ran. Nothing when the queue was never started (nothing was sent).
   */
  runQueued(deps: AppDeps, names: readonly string[]): Promise<number>;
  /** Puts a failed job back in line, inside the caller's transaction (so an audit entry commits with it). */
  retryFailed(tx: DbTx, name: string, id: string): Promise<boolean>;
  stop(): Promise<void>;
}

export function createJobQueue(db: Database, logger: Logger, opts: JobQueueOptions = {}): JobQueue {
  const definitions = opts.definitions ?? JOB_DEFINITIONS;
  let boss: PgBoss | null = null;
  let starting: Promise<void> | null = null;
  /** This instance's worker of each queue it works. */
  const workers = new Map<string, string>();

  async function doStart(deps: AppDeps | undefined) {
    const run = Boolean(deps);
    const common = {
      schema: JOB_SCHEMA,
      // Only a working instance keeps the schedules and the maintenance (expiry of stuck jobs, retention).
      schedule: run,
      supervise: run,
      superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 30,
      monitorIntervalSeconds: opts.superviseIntervalSeconds ?? 30,
      ...(opts.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: 1 } : {}),
    };
    const b =
      db.kind === 'pglite' && db.pglite
        ? new PgBoss({ ...common, db: fromPglite(db.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: db.url, max: 4, application_name: 'akut-jobs' });
    b.on('error', (err: unknown) => logger.error({ err: err instanceof Error ? err.message : String(err) }, 'job queue error'));
    try {
      await b.start();
      await setUp(b, deps);
    } catch (err) {
      // A start that failed half-way (the database dropped) leaves nothing running: the caller may try again.
      await b.stop({ graceful: false, timeout: 1_000 }).catch(() => {});
      throw err;
    }
    boss = b;
  }

  async function setUp(b: PgBoss, deps: AppDeps | undefined) {
    for (const def of definitions) {
      const queue = {
        retryLimit: def.retry.retryLimit,
        retryDelay: def.retry.retryDelay,
        retryBackoff: true,
        retryDelayMax: def.retry.retryDelayMax,
        heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
        expireInSeconds: JOB_EXPIRE_SECONDS,
      };
      await b.createQueue(def.name, queue);
      // createQueue leaves an existing queue as it was: a changed definition reaches it through updateQueue.
      await b.updateQueue(def.name, queue);
    }
    if (!deps) return;
    for (const def of definitions) {
      const worker = await b.work<Record<string, unknown>>(
        def.name,
        { localConcurrency: 1, ...(opts.pollingIntervalSeconds ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {}) },
        async ([job]) => {
          if (!job) return null;
          try {
            const result = await def.run(deps, job.data ?? {});
            logger.debug({ job: def.name, id: job.id, result }, 'job done');
            return result ?? null;
          } catch (err) {
            logger.error({ job: def.name, id: job.id, attempt: job.retryCount + 1, err: err instanceof Error ? err.message : String(err) }, 'job failed');
            throw err;
          }
        },
      );
      workers.set(def.name, worker);
      if (def.cron) await b.schedule(def.name, def.cron, null, { tz: 'UTC' });
      // One catch-up run per minute however many instances start in it (pg-boss's singleton slot).
      if (def.runAfterStart) await b.send(def.name, {}, { singletonKey: 'after-start', singletonSeconds: 60, startAfter: 5 });
    }
  }

  return {
    definitions,
    start({ deps } = {}) {
      starting ??= doStart(deps).catch((err: unknown) => {
        starting = null;
        throw err;
      });
      return starting;
    },
    async send(name, data = {}) {
      await this.start();
      const id = await boss!.send(name, data);
      const worker = workers.get(name);
      if (worker) boss!.notifyWorker(worker);
      return id;
    },
    async runQueued(deps, names) {
      if (!starting) return 0;
      await starting;
      let ran = 0;
      for (const name of names) {
        const def = definitions.find((d) => d.name === name);
        if (!def) throw new Error(`no job definition ${name}`);
        for (;;) {
          const jobs = await boss!.fetch<Record<string, unknown>>(name, { batchSize: 20 });
          if (!jobs.length) break;
          for (const job of jobs) {
            try {
              await def.run(deps, job.data ?? {});
              await boss!.complete(name, job.id);
            } catch (err) {
              await boss!.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
              throw err;
            }
            ran++;
          }
        }
      }
      return ran;
    },
    async retryFailed(tx, name, id) {
      await this.start();
      const res = await boss!.retry(name, id, { db: fromPrisma(tx) });
      return ((res as { affected?: number }).affected ?? 0) > 0;
    },
    async stop() {
      if (!starting) return;
      await starting.catch(() => {});
      starting = null;
      const b = boss;
      boss = null;
      workers.clear();
      await b?.stop({ graceful: true, timeout: 8_000 });
    },
  };
}
