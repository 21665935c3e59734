import { createProxyServer } from 'http-proxy-3';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small round-robin load balancer for trying several server processes on one machine (the
 * scale-out tests and `scripts/scale-out.sh`); in production use nginx, HAProxy or a cloud LB
 * with the same settings (docs/OPERATIONS.md). Plain HTTP and WebSocket upgrades go to the next
 * healthy backend in turn, with no stickiness (sessions live in the database, realtime events
 * cross processes through Redis). X-Forwarded-For/-Proto/-Host are added, so the servers run
 * with TRUST_PROXY=true. A backend that refuses a connection is taken out at once; every backend
 * is probed on `/api/health` each `healthIntervalMs` and comes back when it answers 200.
 *
 * Proxying is http-proxy-3 (a maintained TypeScript rewrite of http-proxy, Node 18+).
 */
export interface LocalProxyOptions {
  /** backend base URLs, e.g. http://127.0.0.1:4221 */
  targets: string[];
  port?: number;
  host?: string;
  healthIntervalMs?: number;
}

export interface Backend {
  url: string;
  healthy: boolean;
  /** requests and upgrades sent to it */
  served: number;
}

export interface LocalProxy {
  url: string;
  backends: Backend[];
  /** probes every backend now and waits for the answers */
  checkHealth(): Promise<void>;
  close(): Promise<void>;
}

async function probe(backend: Backend) {
  try {
    const res = await fetch(`${backend.url}/api/health`, { signal: AbortSignal.timeout(2000) });
    backend.healthy = res.ok;
  } catch {
    backend.healthy = false;
  }
}

export async function startLocalProxy(options: LocalProxyOptions): Promise<LocalProxy> {
  if (options.targets.length === 0) throw new Error('startLocalProxy needs at least one target');
  const backends: Backend[] = options.targets.map((url) => ({ url, healthy: true, served: 0 }));
  const proxy = createProxyServer({ xfwd: true, ws: true });
  let next = 0;

  /** the next healthy backend after the last one used, or undefined when all are down */
  function pick(): Backend | undefined {
    for (let i = 0; i < backends.length; i += 1) {
      const backend = backends[(next + i) % backends.length]!;
      if (backend.healthy) {
        next = (next + i + 1) % backends.length;
        backend.served += 1;
        return backend;
      }
    }
    return undefined;
  }

  const markDown = (backend: Backend, error: Error & { code?: string }) => {
    if (['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH'].includes(error.code ?? '')) {
      backend.healthy = false;
    }
  };

  const unavailable = (res: http.ServerResponse, status: number, message: string) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: status, code: 'UNAVAILABLE', message }));
  };

  const server = http.createServer((req, res) => {
    const backend = pick();
    if (!backend) return unavailable(res, 503, 'No server is available');
    proxy.web(req, res, { target: backend.url }, (error) => {
      markDown(backend, error as Error & { code?: string });
      unavailable(res, 502, 'The server did not answer');
    });
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    const backend = pick();
    if (!backend) return void socket.destroy();
    socket.on('error', () => socket.destroy());
    proxy.ws(req, socket, head, { target: backend.url }, (error) => {
      markDown(backend, error as Error & { code?: string });
      socket.destroy();
    });
  });

  const checkHealth = async () => {
    await Promise.all(backends.map(probe));
  };
  const timer = setInterval(() => void checkHealth(), options.healthIntervalMs ?? 1000);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    backends,
    checkHealth,
    async close() {
      clearInterval(timer);
      proxy.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
