import type { FastifyRequest } from 'fastify';
import type { RequestAuth } from '../../platform/http/auth-plugin.ts';
import type { ClientMeta } from './login.service.ts';

/** Routes with config.auth 'user' always have a session; this narrows the type. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error('route without a session reached its handler');
  return request.auth;
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
