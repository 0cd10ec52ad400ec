import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LoggerOptions, SerializedError } from 'pino';
import pino from 'pino';
import { sourceMappedStack } from './source-mapped-stack.js';

/**
 * Field names that hold a secret wherever they appear in a logged object: passwords, passcodes,
 * one-time and recovery codes, activation codes, tokens, API keys, webhook and TOTP secrets,
 * passkey assertions, and the headers that carry credentials. Request bodies are never logged
 * (Fastify does not, and the `req` serializer keeps method, URL and IP only); this list is the
 * net for an object that reaches a log line anyway (a debug line, an error's fields).
 */
const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'passcode',
  'passcode_confirmation',
  'credit_share_passcode',
  'creditSharePasscode',
  'pin',
  'pin_confirmation',
  'code',
  'codes',
  'new_code',
  'codeValue',
  'otp',
  'totp',
  'recovery_codes',
  'recoveryCodes',
  'token',
  'access_token',
  'refresh_token',
  'secret',
  'device_secret',
  'device_key',
  'api_key',
  'apiKey',
  'server_key',
  'passkey',
  'assertion',
  'credential',
  'signature',
  'authorization',
  'cookie',
  '"set-cookie"',
  '"x-api-key"',
  '"stripe-signature"',
  '"webhook-signature"',
];

/** Each field at the top of a line's object and one or two levels down (`body.password`, `req.headers.authorization`). */
export const REDACT_PATHS = SECRET_FIELDS.flatMap((f) => {
  const key = f.startsWith('"') ? `[${f}]` : f;
  const nested = f.startsWith('"') ? `[${f}]` : `.${f}`;
  return [key, `*${nested}`, `*.*${nested}`];
});

const PARAMS_LINE = /\nparams: [^\n]*/g;

/**
 * Errors as pino writes them, less what could quote a secret: a failed query's parameters (drizzle
 * puts them in the message, the stack and `params`) and PostgreSQL's `detail`, which quotes the
 * conflicting value of a unique key (an activation code, an e-mail).
 */
export function errSerializer(error: Error): SerializedError {
  const out = pino.stdSerializers.err(error) as SerializedError & Record<string, unknown>;
  scrubError(out);
  return out;
}

function scrubError(e: Record<string, unknown>, depth = 0) {
  if (typeof e.message === 'string') e.message = e.message.replace(PARAMS_LINE, '\nparams: [redacted]');
  if (typeof e.stack === 'string') e.stack = sourceMappedStack(e.stack.replace(PARAMS_LINE, '\nparams: [redacted]'));
  if ('params' in e) e.params = '[redacted]';
  if (typeof e.code === 'string' || typeof e.code === 'number') e.code = new ErrorCode(e.code);
  if (typeof e.detail === 'string') e.detail = '[redacted]';
  if (depth < 3 && e.cause && typeof e.cause === 'object') scrubError(e.cause as Record<string, unknown>, depth + 1);
}

/**
 * An error's own `code` (`ECONNREFUSED`, `23505`, `C10013`) is what one searches the log for and
 * never a secret, but redaction cannot tell `err.code` from `body.code` by its path (wildcards lose
 * the top key): the error serializer marks it, and the censor lets marked codes through.
 */
class ErrorCode {
  constructor(readonly code: string | number) {}
  toJSON() {
    return this.code;
  }
}

function censor(value: unknown): unknown {
  return value instanceof ErrorCode ? value.code : '[redacted]';
}

/**
 * The options of every logger of the process (Fastify's request logger and the one for background
 * work): the level, the redaction, the error serializer and, when tracing, the active span's ids
 * on each line (`mixin`: see lib/trace-ids.ts).
 */
export function loggerOptions(level: string, mixin?: () => Record<string, string>): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor },
    serializers: { err: errSerializer },
    ...(mixin ? { mixin } : {}),
  };
}

/** A request that takes longer than this is logged at warn, whatever it answered. */
export const SLOW_REQUEST_MS = 1000;

type RequestLevel = 'error' | 'warn' | 'debug';

/**
 * The level of a request's line. 5xx is the server's failure: error, but 503, the panel's own
 * "unavailable" (draining, not ready, a backup or payment provider away), is warn, so a rolling
 * update's probes raise no error. A slow request is warn. Everything else, 4xx included (the
 * callers' refusals, which /metrics counts by status), is debug: at the default level a panel
 * that works writes no request lines.
 */
export function requestLevel(statusCode: number, responseTimeMs: number): RequestLevel {
  if (statusCode >= 500 && statusCode !== 503) return 'error';
  if (statusCode === 503 || responseTimeMs > SLOW_REQUEST_MS) return 'warn';
  return 'debug';
}

/**
 * Fastify's request lines (its `logController`): one line per request when it ends, "request
 * completed" with the method, the redacted URL, the IP, the status, the response time in ms and
 * the request id, at `requestLevel`'s level. The arrival ("incoming request") is at trace only, to
 * find a request that never ends. A route's own `logLevel` still applies (the probes': warn).
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[requestLevel(reply.statusCode, reply.elapsedTime)](line, 'request completed');
  }

  /** A caller that leaves during a download is the caller's business: debug, as its request is. */
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug({ req: request, res: reply }, 'stream closed prematurely');
    else super.streamError(error, request, reply);
  }

  /** Requests refused while the server closes: warn, as a 503 is. */
  override serviceUnavailable(logger: FastifyBaseLogger) {
    logger.warn({ res: { statusCode: 503 } }, 'request refused: the server is closing');
  }
}
