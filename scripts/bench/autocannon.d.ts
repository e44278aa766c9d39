// The part of autocannon's API (9.x, no bundled types) that scripts/bench/load.ts uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  export interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    start: Date;
    finish: Date;
    requests: { total: number; average: number };
    latency: { p50: number; p90: number; p99: number; max: number; average: number };
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(opts: AutocannonOptions, cb?: (err: Error | null, result: AutocannonResult) => void): Instance;
  export default autocannon;
}
