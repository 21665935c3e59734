import { ErrorCodes, MediaContentQuery, MediaIdParams, routeErrors } from '@fanspace/contracts';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { MediaLimits } from './media.limits.ts';
import {
  openMediaContent,
  RangeNotSatisfiableError,
  type ContentRequest,
} from './media.service.ts';

/** `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; players never ask for more). */
function parseRange(header: string | undefined): ContentRequest['range'] | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') return { suffix: Number(to) };
  return to === '' ? { start: Number(from) } : { start: Number(from), end: Number(to) };
}

/**
 * GET /media/{id}/content: the one door to private originals and clear renditions. The URL is
 * signed for one session and expires; access is checked again on every fetch. Nothing here is
 * cacheable by anyone, and a refusal carries no byte of the file.
 */
export async function mediaContentRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/media/:id/content',
    {
      // the session comes from the cookie (an <img>/<video> sends it) or the bearer token
      config: { auth: 'public', rateLimit: MediaLimits.content },
      schema: {
        tags: ['media'],
        summary: 'A private media file through a signed, session-bound URL',
        params: MediaIdParams,
        querystring: MediaContentQuery,
        response: {
          200: Type.Unknown({ description: 'the file' }),
          206: Type.Unknown({ description: 'the requested byte range of the file' }),
          403: routeErrors(
            ErrorCodes.MEDIA_URL_INVALID,
            ErrorCodes.MEDIA_URL_EXPIRED,
            ErrorCodes.MEDIA_ACCESS_DENIED,
          ),
          404: routeErrors(ErrorCodes.MEDIA_NOT_FOUND),
        },
      },
      onRequest: async (_request, reply) => {
        // set first, so refusals are not cached either
        reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'same-site')
          .header('vary', 'cookie, authorization');
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const range = parseRange(request.headers.range);
      let file;
      try {
        file = await openMediaContent(ctx, {
          mediaId: request.params.id,
          variant: request.query.variant,
          exp: request.query.exp,
          sig: request.query.sig,
          session: auth ? { id: auth.session.id, userId: auth.user.id } : null,
          ...(range ? { range } : {}),
        });
      } catch (error) {
        if (error instanceof RangeNotSatisfiableError)
          reply.header('content-range', `bytes */${error.size}`);
        throw error;
      }
      reply
        .status(file.status)
        .header('content-type', file.contentType)
        .header('accept-ranges', 'bytes')
        // a file opened directly must never run anything, whatever its bytes are
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline');
      if (file.range) {
        reply
          .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
          .header('content-length', file.range.end - file.range.start + 1);
      } else reply.header('content-length', file.size);
      return reply.send(file.stream);
    },
  );
}
