// HTTP load for `npm run bench:marketplace`, run as a child process so the load generator does not share the
// app's event loop: reads a job (JSON) on stdin, drives it with autocannon over keep-alive connections, and
// writes the result (JSON) on stdout. Every response is timed on its own (autocannon's per-response time,
// from writing the request to the end of the response body, in ms).
//   job.mode 'random':     each request takes a random item (the feed: a random signed-in provider)
//   job.mode 'sequential': each item once, in order; the run ends early when all are used (the unlocks)
import autocannon, { type AutocannonRequest } from 'autocannon';

export interface LoadItem {
  path: string;
  cookie: string;
}

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationS: number;
  /** Requests per second over all connections (open loop); none: as fast as the server answers (closed loop). */
  overallRate?: number;
  mode: 'random' | 'sequential';
  items: LoadItem[];
  headers: Record<string, string>;
  body?: string;
  /** Read the error code of non-2xx answers ({ error: { code } }) and count them, and count 2xx answers
   *  that say `"repeated":true` (an unlock answered again, not made). */
  errorCodes?: boolean;
}

export interface LoadResult {
  latenciesMs: number[];
  statuses: Record<string, number>;
  errorCodes: Record<string, number>;
  /** 2xx answers with `"repeated":true` (only with errorCodes). */
  repeated: number;
  /** Items taken (sequential mode) or requests sent. */
  sent: number;
  exhausted: boolean;
  durationS: number;
  errors: number;
  timeouts: number;
  autocannon: { requestsPerSecond: number; p50: number; p90: number; p99: number; max: number };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function run(job: LoadJob): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  const errorCodes: Record<string, number> = {};
  let repeated = 0;
  let next = 0;
  let exhausted = false;
  let instance: ReturnType<typeof autocannon> | null = null;
  const request: AutocannonRequest = {
    method: job.method,
    path: job.items[0]?.path ?? '/',
    ...(job.body !== undefined ? { body: job.body } : {}),
    setupRequest: (req) => {
      let item: LoadItem | undefined;
      if (job.mode === 'random') item = job.items[Math.floor(Math.random() * job.items.length)];
      else if (next < job.items.length) item = job.items[next++];
      if (!item) {
        // Every item used: stop, and keep the connection busy with the last one until it does.
        if (!exhausted) {
          exhausted = true;
          setImmediate(() => instance?.stop());
        }
        item = job.items.at(-1)!;
      }
      return { ...req, path: item.path, headers: { ...job.headers, cookie: item.cookie } };
    },
    ...(job.errorCodes
      ? {
          onResponse: (status: number, body: string) => {
            if (status >= 200 && status < 300) {
              if (body.includes('"repeated":true')) repeated++;
              return;
            }
            let code = `HTTP ${status}`;
            try {
              code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? code;
            } catch {
              // not JSON: the status stands
            }
            errorCodes[code] = (errorCodes[code] ?? 0) + 1;
          },
        }
      : {}),
  };
  const started = performance.now();
  const result = await new Promise<Awaited<ReturnType<typeof summarizeInstance>>>((resolve, reject) => {
    instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.durationS,
        timeout: 30,
        headers: job.headers,
        ...(job.overallRate ? { overallRate: job.overallRate } : {}),
        requests: [request],
      },
      (err, res) => (err ? reject(err) : resolve(summarizeInstance(res))),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latenciesMs.push(Math.round(responseTime * 1000) / 1000);
      statuses[String(statusCode)] = (statuses[String(statusCode)] ?? 0) + 1;
    });
  });
  return {
    latenciesMs,
    statuses,
    errorCodes,
    repeated,
    sent: job.mode === 'sequential' ? Math.min(next, job.items.length) : latenciesMs.length,
    exhausted,
    durationS: (performance.now() - started) / 1000,
    errors: result.errors,
    timeouts: result.timeouts,
    autocannon: result.autocannon,
  };
}

function summarizeInstance(res: import('autocannon').AutocannonResult) {
  return {
    errors: res.errors,
    timeouts: res.timeouts,
    autocannon: { requestsPerSecond: res.requests.average, p50: res.latency.p50, p90: res.latency.p90, p99: res.latency.p99, max: res.latency.max },
  };
}

try {
  const job = JSON.parse(await readStdin()) as LoadJob;
  process.stdout.write(JSON.stringify(await run(job)));
} catch (e) {
  console.error('load: failed:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
}
