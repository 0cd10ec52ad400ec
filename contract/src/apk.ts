import * as z from 'zod/mini';
import { noNul } from './fields.js';
import { ok } from './common.js';
import { httpUrl } from './devices.js';

/** APK plans: the Download APK cards every account sees, and their management. */

export const APK_NAME_MAX_LENGTH = 100;
export const APK_DESCRIPTION_MAX_LENGTH = 2000;

/** POST /api/add-apk-plans and /api/update-apk-plans/:id: the text parts of the multipart body (`image` is the file part). */
export const apkPlanFields = z.object({
  name: z.string('validation.required').check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(APK_NAME_MAX_LENGTH, 'validation.tooLong'), noNul),
  description: z
    .string('validation.required')
    .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(APK_DESCRIPTION_MAX_LENGTH, 'validation.tooLong'), noNul),
  apk_url: httpUrl(),
});
export type ApkPlanFields = z.infer<typeof apkPlanFields>;

export const apkPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  image_url: z.nullable(z.string()),
  apk_url: z.string(),
  created_at: z.string(),
});
export type ApkPlan = z.infer<typeof apkPlan>;
export const apkPlansAnswer = ok({ data: z.array(apkPlan) });
export type ApkPlansAnswer = z.infer<typeof apkPlansAnswer>;
export const apkPlanAnswer = ok({ data: apkPlan });
