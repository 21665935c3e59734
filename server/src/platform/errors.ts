import { ErrorCodes, type ErrorCode } from '@fanspace/contracts';

/**
 * The one error type services throw. It carries an HTTP status, a stable code from
 * contracts/ and optional details that are merged into the response body.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody() {
    return { ...this.details, message: this.message, code: this.code };
  }
}

type Details = Record<string, unknown>;

export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCode = ErrorCodes.VALIDATION_FAILED, details?: Details) {
    super(400, code, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(
    message = 'Not authenticated',
    code: ErrorCode = ErrorCodes.UNAUTHENTICATED,
    details?: Details,
  ) {
    super(401, code, message, details);
  }
}

export class ForbiddenError extends AppError {
  constructor(code: ErrorCode, message: string, details?: Details) {
    super(403, code, message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code: ErrorCode = ErrorCodes.NOT_FOUND, details?: Details) {
    super(404, code, message, details);
  }
}

export class ConflictError extends AppError {
  constructor(code: ErrorCode, message: string, details?: Details) {
    super(409, code, message, details);
  }
}

export class UnprocessableError extends AppError {
  constructor(code: ErrorCode, message: string, details?: Details) {
    super(422, code, message, details);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests, please slow down.', details?: Details) {
    super(429, ErrorCodes.RATE_LIMITED, message, details);
  }
}
