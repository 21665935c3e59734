import autocannon from 'autocannon';
import type { IncomingHttpHeaders } from 'node:http';

/** One autocannon run: req/s, latency percentiles, and every non-2xx counted (never hidden). */
export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** the measured window, wall clock: when the load started and when autocannon stopped it */
  startedAt: Date;
  endedAt: Date;
}

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of the same load run before each HTTP scenario's measured window. */
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface NextRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: IncomingHttpHeaders;
  body?: string;
}

/** Runs `next(n)` for the n-th request (n counts across all connections). */
export async function load(
  baseUrl: string,
  next: (n: number) => NextRequest,
  options: { durationS?: number; connections?: number } = {},
): Promise<LoadFigures> {
  let n = 0;
  const startedAt = new Date();
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections ?? CONNECTIONS,
    duration: options.durationS ?? DURATION_S,
    requests: [
      {
        setupRequest: (request) => {
          const r = next(n++);
          return {
            ...request,
            method: r.method ?? 'GET',
            path: r.path,
            headers: { ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) },
            ...(r.body ? { body: r.body } : {}),
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    startedAt,
    endedAt: new Date(),
  };
}

export const bearer = (token: string): IncomingHttpHeaders => ({
  authorization: `Bearer ${token}`,
});
