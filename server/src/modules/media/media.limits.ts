import type { FastifyRequest } from 'fastify';

/**
 * Per-route rate limits of the media module. Uploads are the expensive calls (image decoding,
 * ffmpeg), so they count per account; the direct PUT and content fetches count per address or
 * session. The client's own limiter (SPEC §9: 5 upload/media calls per 10 s) is stricter still.
 */
const perAccount = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;
const perSession = (request: FastifyRequest) => request.auth?.session.id ?? request.ip;

const minutes = (n: number) => n * 60_000;

export const MediaLimits = {
  upload: { max: 30, timeWindow: minutes(1), keyGenerator: perAccount },
  bulkUpload: { max: 10, timeWindow: minutes(1), keyGenerator: perAccount },
  presign: { max: 60, timeWindow: minutes(1), keyGenerator: perAccount },
  complete: { max: 60, timeWindow: minutes(1), keyGenerator: perAccount },
  directUpload: { max: 60, timeWindow: minutes(1) },
  vaultWrite: { max: 120, timeWindow: minutes(1), keyGenerator: perAccount },
  /** a feed page shows dozens of images; a scraper pulling originals shows thousands */
  content: { max: 1200, timeWindow: minutes(1), keyGenerator: perSession },
} as const;
