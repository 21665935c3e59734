import type { FastifyInstance, FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Compresses JSON responses (the API) for clients that accept brotli or gzip. Static assets
 * are compressed once at build time (spa.ts, preCompressed); JSON is made per request, so this
 * compresses per request with brotli at quality 4: a feed page (~27 KB) shrinks to a few KB for
 * well under a millisecond of CPU (docs/PERFORMANCE.md, "The web app"). Small bodies are not
 * worth it.
 *
 * Bodies up to COMPRESS_SYNC_MAX_BYTES are compressed on the event loop (~0.1–0.2 ms): the
 * libuv thread pool is where every login's argon2 verify runs (~20 ms each, first come first
 * served), so a page queued behind the verifies of a login burst waited for all of them
 * (docs/PERFORMANCE.md "Login"). Only larger bodies still go to the pool.
 */
export const COMPRESS_MIN_BYTES = 1024;
export const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** The compressed body: at once on the event loop when small, else on the thread pool. */
export function compressJson(
  payload: string | Buffer,
  encoding: Encoding,
): Buffer | Promise<Buffer> {
  const size = Buffer.byteLength(payload);
  const small = size <= COMPRESS_SYNC_MAX_BYTES;
  if (encoding === 'gzip')
    return small
      ? zlib.gzipSync(payload, { level: GZIP_LEVEL })
      : gzip(payload, { level: GZIP_LEVEL });
  const options = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
  return small ? zlib.brotliCompressSync(payload, options) : brotli(payload, options);
}

/** The best encoding the Accept-Encoding header allows (q=0 refuses), brotli first. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...list, 'Accept-Encoding'].join(', '));
}

export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.getHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    // caches must keep the encodings apart even for a client that took the plain body
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compressJson(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
