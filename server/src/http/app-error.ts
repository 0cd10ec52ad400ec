import { ERROR_CATALOGUE, type ErrorCode } from '@panel/contract';

/**
 * The one error services throw. The error handler turns it into the envelope of DESIGN.md §3,
 * translating `key` (the catalogue's message unless given) with `params` into the caller's language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: string;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      key?: string;
      params?: Record<string, string | number>;
      /** Per-field message keys of a 422, as `{ field: [key] }`. */
      fields?: Record<string, string[]>;
      headers?: Record<string, string>;
      /** Fields a call adds to its error envelope (the activation's `failed_activations`). */
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.status = ERROR_CATALOGUE[code].status;
    this.key = options.key ?? ERROR_CATALOGUE[code].key;
  }
}

/** A 422 with field errors, each a message key translated with the field's name. */
export function fieldError(field: string, key: string): AppError {
  return new AppError('VALIDATION', { fields: { [field]: [key] } });
}
