import { ErrorCodes, type BatchBody, type BatchResponse } from '@fanspace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../platform/errors.ts';

const E = ErrorCodes;

/**
 * POST /batch: up to 20 read-only GETs run one after another through Fastify's inject, each
 * carrying only the caller's own credentials (bearer header or session cookie). Every
 * sub-request goes through the normal request path – auth level, rate limits, validation – so
 * a batch can never see more than its caller could with separate calls.
 */
const FORWARDED_HEADERS = ['authorization', 'cookie', 'accept-language', 'user-agent'] as const;

/** A path inside the API: '/users/me' or '/api/users/me', with an optional query string. */
export function apiUrlOf(path: string, index: number): string {
  const invalid = (why: string) =>
    new BadRequestError(`requests[${index}].path ${why}`, ErrorCodes.BATCH_REQUEST_INVALID, {
      field: `requests/${index}/path`,
    });
  if (!path.startsWith('/') || path.startsWith('//')) throw invalid('must start with a single /');
  if (/[\\\s]|\/\.\.?(\/|$|\?)/.test(path) || path.includes('%2e') || path.includes('%2E'))
    throw invalid('must not contain spaces, backslashes or dot segments');
  const url = path.startsWith('/api/') ? path : `/api${path}`;
  if (/^\/api\/batch(\/|\?|$)/.test(url)) throw invalid('cannot be a batch');
  return url;
}

export async function runBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  body: BatchBody,
): Promise<BatchResponse> {
  const paths = body.requests.map((r, i) => {
    // url is an alias of path; path wins
    const path = r.path ?? r.url;
    if (path !== undefined) return path;
    const field = `requests/${i}/path`;
    throw new BadRequestError(`requests[${i}].path is required`, E.BATCH_REQUEST_INVALID, {
      field,
    });
  });
  const urls = paths.map((path, i) => apiUrlOf(path, i));
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const responses: BatchResponse['responses'] = [];
  for (const [i, url] of urls.entries()) {
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    let parsed: unknown = null;
    if (isJson && res.body) parsed = res.json();
    else if (res.body)
      parsed = { message: 'Not a JSON response', contentType: res.headers['content-type'] ?? null };
    responses.push({ path: paths[i]!, status: res.statusCode, body: parsed });
  }
  return { responses };
}
