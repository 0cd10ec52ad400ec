import * as z from 'zod/mini';
import { ok } from './common.js';
import { endpoint } from './endpoint.js';
import { wholeAmountField } from './fields.js';

/**
 * Live mode and the sandbox (core-panel.md §1 and §4 "Mode", issue 11): the sandbox answers every
 * call under `/api/sandbox` on data of its own, so integrations are tried without live credit.
 */
export const SANDBOX_PREFIX = '/api/sandbox';
export const MODES = ['live', 'sandbox'] as const;
export type Mode = (typeof MODES)[number];
/** Where the browser keeps the chosen mode. */
export const MODE_STORAGE_KEY = 'mode';
/** The most test credit one call adds. */
export const TEST_CREDIT_MAX = 1_000_000;

/** GET /api/public/modes: whether this server offers the sandbox (SANDBOX_ENABLED). */
export const modesAnswer = ok({ data: z.object({ sandbox_enabled: z.boolean() }) });
export type ModesAnswer = z.infer<typeof modesAnswer>;

/** POST /api/sandbox/test-credit. */
export const testCreditBody = z.object({
  credit_points: wholeAmountField(TEST_CREDIT_MAX, 'validation.testCredit'),
});
export type TestCreditBody = z.infer<typeof testCreditBody>;
export const testCreditAnswer = ok({ data: z.object({ credit_point: z.number(), added: z.number() }) });
export type TestCreditAnswer = z.infer<typeof testCreditAnswer>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['sandbox'];

/** Served under /api only: the web app asks it of the live side in either mode. */
export const modesEndpoint = endpoint({
  method: 'GET',
  path: '/public/modes',
  tags,
  public: true,
  security: [],
  description: 'Whether this server offers the sandbox under /api/sandbox (SANDBOX_ENABLED).',
  answer: modesAnswer,
});

/** Served under /api/sandbox only. */
export const addTestCreditEndpoint = endpoint({
  method: 'POST',
  path: '/test-credit',
  tags,
  description: 'Adds 1 to 1,000,000 test credit points to the caller\'s sandbox balance (a "Test Credit" row of the sandbox ledger). Only under /api/sandbox.',
  body: testCreditBody,
  answer: testCreditAnswer,
});
