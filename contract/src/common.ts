import * as z from 'zod/mini';

/** The error envelope of DESIGN.md §3: one shape for every failure. */
export const errorEnvelope = z.object({
  status: z.literal(false),
  statusCode: z.union([z.number(), z.string()]),
  code: z.optional(z.string()),
  msg: z.string(),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const okEnvelope = z.object({ status: z.literal(true), msg: z.string() });

/** A success answer: the envelope plus the call's own fields. */
export function ok<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.extend(okEnvelope, shape);
}

/** `meta` of the GET lists that answer pages (activation codes, audit log). */
export const listMeta = z.object({
  total: z.number(),
  last_page: z.number(),
  current_page: z.number(),
  per_page: z.number(),
  /** True when more rows match than the server counts (1,000 past the page's first row): `total` is then a lower bound. */
  total_capped: z.boolean(),
});
