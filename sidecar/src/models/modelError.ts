// The one error type of the model layer: what kind of failure, in one line for the user. Kept apart
// from errors.ts (which maps the official clients' errors) so that importing it loads no SDK.
export type ModelErrorKind = 'auth' | 'unreachable' | 'unknown_model' | 'rate_limited' | 'server' | 'aborted' | 'bad_request';

export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly kind: ModelErrorKind;
  /** The HTTP status when the server answered with one. */
  readonly status: number | undefined;

  constructor(kind: ModelErrorKind, message: string, options: { status?: number | undefined; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
  }
}
