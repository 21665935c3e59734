import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny path-style S3 stand-in on 127.0.0.1 for tests: PUT, GET (with Range), HEAD and DELETE
 * of objects, and S3's error shapes for missing keys. It checks that every request is signed
 * (header or presigned query) and that a presigned PUT sends the signed type and length; it does
 * not verify signatures.
 */
export interface FakeS3 {
  endpoint: string;
  keys(): string[];
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
}

export async function startFakeS3(bucket = 'media'): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, first, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const signed =
      req.headers.authorization?.startsWith('AWS4-HMAC-SHA256') ||
      url.searchParams.has('X-Amz-Signature');
    if (first !== bucket || !key || !signed) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT': {
          const body = Buffer.concat(chunks);
          const declared = Number(req.headers['content-length']);
          if (!Number.isFinite(declared) || declared !== body.length) {
            res.writeHead(400).end();
            return;
          }
          objects.set(key, {
            body,
            contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          });
          res.writeHead(200, { etag: '"fake"' }).end();
          return;
        }
        case 'HEAD':
          if (!object) res.writeHead(404).end();
          else
            res
              .writeHead(200, {
                'content-length': object.body.length,
                'content-type': object.contentType,
              })
              .end();
          return;
        case 'GET': {
          if (!object) {
            res.writeHead(404, { 'content-type': 'application/xml' });
            res.end('<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
            return;
          }
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
          if (range) {
            const start = Number(range[1]);
            const end = Math.min(Number(range[2]), object.body.length - 1);
            res.writeHead(206, {
              'content-length': end - start + 1,
              'content-range': `bytes ${start}-${end}/${object.body.length}`,
              'content-type': object.contentType,
            });
            res.end(object.body.subarray(start, end + 1));
            return;
          }
          res.writeHead(200, {
            'content-length': object.body.length,
            'content-type': object.contentType,
          });
          res.end(object.body);
          return;
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204).end();
          return;
        default:
          res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keys: () => [...objects.keys()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
