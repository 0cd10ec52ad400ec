import * as z from 'zod/mini';
import { idParam, noNul } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
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

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const tags = ['apk'];
const multipartDescription = 'multipart/form-data: name, description, apk_url (http or https) and an optional image file (PNG, JPEG, WebP or SVG, at most 2 MB), checked by content.';

/** Every signed-in account sees the Download APK cards: no permission beyond a session. */
export const apkPlansEndpoint = endpoint({ method: 'GET', path: '/apk-plans', tags, answer: apkPlansAnswer });

/** The uploads: the route reads the multipart body into `body` before validation. */
export const addApkPlanEndpoint = endpoint({
  method: 'POST',
  path: '/add-apk-plans',
  tags,
  permission: 'add-apk',
  description: multipartDescription,
  body: apkPlanFields,
  answer: apkPlanAnswer,
  status: 201,
});

export const updateApkPlanEndpoint = endpoint({
  method: 'POST',
  path: '/update-apk-plans/:id',
  tags,
  permission: 'edit-apk-plan',
  description: `${multipartDescription} Without an image the plan keeps its picture.`,
  params: idParam,
  body: apkPlanFields,
  answer: apkPlanAnswer,
});

export const deleteApkPlanEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-apk-plans/:id',
  tags,
  permission: 'delete-apk-plan',
  params: idParam,
  answer: okEnvelope,
});
