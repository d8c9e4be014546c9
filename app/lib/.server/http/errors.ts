/** One entry of the spec's error payload: a message, or a message tied to a request field. */
export type ErrorEntry = string | { field: string; message: string };

/**
 * An error that becomes an HTTP response. Routes and services throw these; `errorResponse` is the
 * single place that turns them into `{ errors: [...] }` bodies (plus any call-specific fields).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorEntry[],
    /** Extra top-level fields of the body, e.g. 409's lastEditor/editedAt. They may replace `errors`. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((entry) => (typeof entry === 'string' ? entry : `${entry.field}: ${entry.message}`)).join('; '));
    this.name = new.target.name;
  }

  toBody(): Record<string, unknown> {
    return { errors: this.errors, ...this.extra };
  }
}

export class BadRequestError extends HttpError {
  constructor(errors: ErrorEntry[] | string) {
    super(400, typeof errors === 'string' ? [errors] : errors);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Not logged in') {
    super(401, [message]);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, [message]);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, [message]);
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(allowed: string[]) {
    super(405, ['Method not allowed'], {}, { Allow: allowed.join(', ') });
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, [message], extra);
  }
}

/** A save of a frozen project. The spec's client forks when it sees exactly this body. */
export class FrozenError extends HttpError {
  constructor() {
    super(422, [], { errors: { app_files: ['files changed for frozen project'] } });
  }
}

export class TooLargeError extends HttpError {
  constructor(message = 'Request is too large') {
    super(413, [message]);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor() {
    super(415, ['Content-Type must be application/json']);
  }
}
