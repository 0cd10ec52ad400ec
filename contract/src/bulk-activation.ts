import * as z from 'zod/mini';
import { ok } from './common.js';
import type { ActivationPackage } from './activation.js';
import { booleanFlag } from './devices.js';
import { defaultedField } from './fields.js';
import { endpoint } from './endpoint.js';

/**
 * Bulk activation from a CSV file (issue 13): each row of the file is one multi-app activation,
 * checked and priced as POST /api/bulk-multi-app-activate checks and prices a request.
 */

/** The header the file must start with, in this order. */
export const BULK_CSV_HEADER = ['mac_address', 'apps', 'package', 'comment'] as const;
/** Rows (after the header) one file may hold. */
export const BULK_MAX_ROWS = 5_000;
/** The largest file accepted: 5,000 rows of four apps and a 255-character remark fit. */
export const BULK_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** The `apps` cell names one or more applications separated by this character. */
export const BULK_APPS_SEPARATOR = '|';
/** The `package` cell, as the file writes it, and the package it stands for. */
export const BULK_PACKAGES: Record<string, ActivationPackage> = { '1-year': '1-Year', lifetime: 'Lifetime' };

/**
 * POST /api/bulk-activations, multipart: the `file` part and `dry_run`. A dry run is the
 * default: a request that does not say `dry_run=false` charges nothing.
 */
export const bulkActivationFields = z.object({ dry_run: defaultedField(booleanFlag, true) });
export type BulkActivationFields = z.infer<typeof bulkActivationFields>;

export const BULK_ROW_STATUSES = ['ok', 'error'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

/** One row of the file and what became of it. */
export const bulkRowResult = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: z.number(),
  mac_address: z.string(),
  /** The applications' names (as the panel writes them when known, else as the file did). */
  apps: z.array(z.string()),
  /** `1-year` or `lifetime`, as the file writes it (lower-case). */
  package: z.string(),
  status: z.enum(BULK_ROW_STATUSES),
  /** What happened or would happen, or why not, in the caller's language. */
  message: z.string(),
  /** Credit points the row costs (charged in a real run; 0 for a row that fails). */
  cost: z.number(),
  /** A real run's new expiry (the soonest when the apps' expiries differ); null in a dry run and for a failed row. */
  expire_date: z.nullable(z.string()),
  /** A real run's activated row: its activation rows (one per app), each of which `POST /api/activations/:id/undo` takes (issue 27). */
  activation_ids: z.optional(z.array(z.number())),
  /** Until when the row's activations may be undone (ISO time); null when undo is off. */
  undo_until: z.optional(z.nullable(z.string())),
});
export type BulkRowResult = z.infer<typeof bulkRowResult>;

export const bulkActivationResult = z.object({
  dry_run: z.boolean(),
  rows: z.array(bulkRowResult),
  /** What the rows with status ok cost (a dry run: would cost). */
  total_cost: z.number(),
  /** Rows activated (a dry run: rows that would be). */
  activated: z.number(),
  failed: z.number(),
  /** The caller's balance after the run (a dry run: today's). */
  credit_point: z.number(),
});
export type BulkActivationResult = z.infer<typeof bulkActivationResult>;

export const bulkActivationAnswer = ok({ data: bulkActivationResult });
export type BulkActivationAnswer = z.infer<typeof bulkActivationAnswer>;

/** GET /api/bulk-activations/progress: how far the caller's real run with this `request-id` has come. */
export const bulkProgressQuery = z.object({
  request_id: z.string('validation.requestId').check(z.regex(/^[\x21-\x7e]{1,100}$/, 'validation.requestId')),
});
export type BulkProgressQuery = z.infer<typeof bulkProgressQuery>;

export const bulkProgressAnswer = ok({
  data: z.object({
    /** False until the run with this id has begun (or when there is none). */
    started: z.boolean(),
    done: z.number(),
    total: z.number(),
    finished: z.boolean(),
  }),
});
export type BulkProgressAnswer = z.infer<typeof bulkProgressAnswer>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const tags = ['activation'];

/** An upload: the route reads the multipart body into `body` before validation. */
export const bulkActivationsEndpoint = endpoint({
  method: 'POST',
  path: '/bulk-activations',
  tags,
  permission: 'multi apps activation',
  description:
    'multipart/form-data: `file`, a UTF-8 CSV (`,` or `;`) with the header `mac_address,apps,package,comment` (apps separated by `|`, package `1-year` or `lifetime`), at most 5,000 rows and 2 MB; and `dry_run` (`true`, the default, or `false`). Each row is checked and priced as /bulk-multi-app-activate does; a real run charges each row in its own transaction. A `request-id` header makes a real run idempotent for 24 hours.',
  body: bulkActivationFields,
  answer: bulkActivationAnswer,
});

export const bulkProgressEndpoint = endpoint({
  method: 'GET',
  path: '/bulk-activations/progress',
  tags,
  permission: 'multi apps activation',
  description: "How far the caller's real run sent with this `request-id` has come.",
  query: bulkProgressQuery,
  answer: bulkProgressAnswer,
});
