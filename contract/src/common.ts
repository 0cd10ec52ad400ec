import { z } from 'zod';

/** The error envelope of DESIGN.md §3: one shape for every failure. */
export const errorEnvelope = z.object({
  status: z.literal(false),
  statusCode: z.union([z.number(), z.string()]),
  code: z.string().optional(),
  msg: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const okEnvelope = z.object({ status: z.literal(true), msg: z.string() });

export function ok<T extends z.ZodRawShape>(shape: T) {
  return okEnvelope.extend(shape);
}
