import { ErrorCodes, type ErrorCode } from '@fanspace/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const statusCodes: Record<number, ErrorCode> = {
  400: ErrorCodes.VALIDATION_FAILED,
  401: ErrorCodes.UNAUTHENTICATED,
  403: ErrorCodes.FORBIDDEN,
  404: ErrorCodes.NOT_FOUND,
  409: ErrorCodes.CONFLICT,
  413: ErrorCodes.PAYLOAD_TOO_LARGE,
  415: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCodes.RATE_LIMITED,
  503: ErrorCodes.SERVICE_UNAVAILABLE,
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "body.username" style name of the field a validation issue is about. */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') segments.push(missing);
  const extra = issue.params?.additionalProperty;
  if (typeof extra === 'string') segments.push(extra);
  return segments.join('.') || context || 'request';
}

/**
 * The multipart parser's (busboy's) own errors carry no status; they are thrown from its code,
 * while a form's reader (`request.parts()` in multipart-form.ts, media, verification, import)
 * iterates or buffers the parts.
 */
function isMultipartParserError(error: Error): boolean {
  return /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '');
}

/**
 * One place turns every failure into `{message, code, ...details}` with the right status.
 * User input never produces a 5xx: parser and validation failures are 4xx with the field named.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (error.validation) {
      const issues = error.validation as ValidationIssue[];
      const first = issues[0] ?? {};
      const field = fieldOf(first, error.validationContext);
      const message = `Invalid ${field}: ${first.message ?? 'is not valid'}`;
      return reply.status(400).send({
        message,
        code: ErrorCodes.VALIDATION_FAILED,
        field,
        errors: issues.map((i) => ({
          field: fieldOf(i, error.validationContext),
          message: i.message,
        })),
      });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply
        .status(400)
        .send({ message: 'Malformed JSON body', code: ErrorCodes.MALFORMED_BODY });
    }
    if (error.statusCode === undefined && isMultipartParserError(error)) {
      // a truncated form, a missing boundary, a broken part header: the client's body, not us
      return reply.status(400).send({
        message: `Malformed multipart body: ${error.message}`,
        code: ErrorCodes.MALFORMED_BODY,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = statusCodes[status] ?? ErrorCodes.VALIDATION_FAILED;
      return reply.status(status).send({ message: error.message || 'Bad request', code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(status >= 500 ? status : 500).send({
      message: 'Internal server error',
      code: status === 503 ? ErrorCodes.SERVICE_UNAVAILABLE : ErrorCodes.INTERNAL,
    });
  });
}
