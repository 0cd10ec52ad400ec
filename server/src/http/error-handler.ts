import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, translate, type ErrorCode, type Locale } from '@panel/contract';
import { AppError } from './app-error.js';

type Issue = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> };

function fieldName(path: string[], locale: Locale): string {
  // An item of a list is named after its list: `permissions.0` reads "The permissions must be a number.".
  const last = path.findLast((part) => !/^\d+$/.test(part)) ?? 'body';
  const key = `fields.${last}`;
  const label = translate(locale, key);
  return label === key ? last : label;
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const limit = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : '');

const MISSING_VALUE_KEYWORDS = new Set(['invalid_type', 'invalid_union', 'invalid_value']);

/** Turns one zod issue into a sentence: schema messages are message keys, zod's own codes get ours. */
function issueMessage(issue: Issue, path: string[], input: unknown, locale: Locale): string {
  const field = fieldName(path, locale);
  const p = issue.params;
  // A schema's own message key (`validation.required`, `payments.orderNotFound`); zod's defaults are sentences.
  if (/^[a-z]\w*\.[\w.]+$/i.test(issue.message)) {
    // `values`: the allowed values of an enumeration, for a message that lists them (webhook events).
    const values = Array.isArray(p.values) ? p.values.join(', ') : '';
    return translate(locale, issue.message, { field, min: limit(p.minimum), max: limit(p.maximum), values });
  }
  const value = valueAt(input, path);
  // A missing field is "required" whatever the schema expected there (a type, one of some values, a union).
  if (MISSING_VALUE_KEYWORDS.has(issue.keyword) && (value === undefined || value === null)) {
    return translate(locale, 'validation.required', { field });
  }
  switch (issue.keyword) {
    case 'invalid_type':
      return translate(locale, 'validation.invalidType', { field, expected: String(p.expected) });
    case 'too_big':
      return translate(locale, p.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', {
        field,
        max: String(p.maximum),
      });
    case 'too_small':
      return translate(locale, p.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', {
        field,
        min: String(p.minimum),
      });
    case 'unrecognized_keys':
      return translate(locale, 'validation.unknownField', { field: (p.keys as string[]).join(', ') });
    default:
      return translate(locale, 'validation.invalid', { field });
  }
}

export function envelope(code: ErrorCode, msg: string, errors?: Record<string, string[]>) {
  const numeric = /^\d+$/.test(code) ? Number(code) : ERROR_CATALOGUE[code].status;
  return { status: false as const, statusCode: numeric, code, msg, message: msg, ...(errors ? { errors } : {}) };
}

export function sendError(
  reply: FastifyReply,
  locale: Locale,
  code: ErrorCode,
  options: { key?: string; params?: Record<string, string | number>; errors?: Record<string, string[]>; body?: Record<string, unknown> } = {},
) {
  const msg = translate(locale, options.key ?? ERROR_CATALOGUE[code].key, options.params);
  return reply.status(ERROR_CATALOGUE[code].status).send({ ...envelope(code, msg, options.errors), ...options.body });
}

/** One error path (STYLE.md): typed errors, validation failures and Fastify's own errors all leave as the envelope. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      if (error.options.headers) void reply.headers(error.options.headers);
      const fields = error.options.fields;
      const errors = fields
        ? Object.fromEntries(
            Object.entries(fields).map(([f, keys]) => [
              f,
              keys.map((k) => translate(locale, k, { field: fieldName([f], locale), ...error.options.params })),
            ]),
          )
        : undefined;
      return sendError(reply, locale, error.code, { key: error.key, params: error.options.params, errors, body: error.options.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const input = context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation as unknown as Issue[]) {
        const path = issue.instancePath.split('/').filter(Boolean);
        // `requestData.passcode` answers under `passcode`: the field the form shows.
        const field = path.filter((p) => p !== 'requestData').join('.') || 'body';
        (errors[field] ??= []).push(issueMessage(issue, path, input, locale));
      }
      return sendError(reply, locale, 'VALIDATION', { errors });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(reply, locale, 'UNSUPPORTED_MEDIA_TYPE');
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, locale, 'PAYLOAD_TOO_LARGE');
    if (status === 429) return sendError(reply, locale, 'TOO_MANY_ATTEMPTS', { params: { count: 1 } });
    if (status >= 400 && status < 500) return sendError(reply, locale, 'BAD_REQUEST');
    // Unexpected: log everything, answer nothing that leaks.
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, locale, 'INTERNAL');
  });
}
