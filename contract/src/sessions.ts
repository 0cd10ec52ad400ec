import * as z from 'zod/mini';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { idParam } from './fields.js';

/** How long a browser and address stay known to an account: a sign-in from neither seen for longer mails the account. */
export const KNOWN_DEVICE_DAYS = 90;

/** Where the sessions screen lives in the web app (the new-device mail links to it). */
export const SECURITY_PATH = '/profile/security';

/**
 * One session of the caller's account, as `GET /api/sessions` lists it. Never its token nor the
 * token's hash: the id is what `DELETE /api/sessions/:id` takes, and only for the caller's own.
 */
export const accountSession = z.object({
  id: z.number(),
  created_at: z.string(),
  /** Moved at most once a minute. */
  last_used_at: z.string(),
  ip: z.nullable(z.string()),
  /** Read from the user agent; null when it names none. */
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  /** Whether this session passed a second factor at sign-in. */
  two_factor: z.boolean(),
  /** The session of the call itself. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const sessionsAnswer = ok({ data: z.array(accountSession) });
export type SessionsAnswer = z.infer<typeof sessionsAnswer>;

/** `POST /api/sessions/sign-out-others`: how many sessions it ended. */
export const signOutOthersAnswer = ok({ ended: z.number() });
export type SignOutOthersAnswer = z.infer<typeof signOutOthersAnswer>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────
// The caller's own sessions: every account may see and end its own, so no permission beyond a session.

const tags = ['sessions'];

export const sessionsEndpoint = endpoint({
  method: 'GET',
  path: '/sessions',
  tags,
  description: "The caller's sessions that have not expired, its own first (`current: true`). Never a token: `id` is what ending one takes.",
  answer: sessionsAnswer,
});

export const endSessionEndpoint = endpoint({
  method: 'DELETE',
  path: '/sessions/:id',
  tags,
  description: "Ends one of the caller's sessions (the caller's own one too, as a logout does). Another account's session id answers 404.",
  params: idParam,
  answer: okEnvelope,
});

/**
 * An action on the collection, as Stripe names its actions (POST …/cancel): a DELETE with a
 * query flag would make "delete all my sessions" one forgotten parameter away.
 */
export const signOutOthersEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/sign-out-others',
  tags,
  description: "Ends every session of the caller's account but the caller's own; `ended` says how many.",
  answer: signOutOthersAnswer,
});
