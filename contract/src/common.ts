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
