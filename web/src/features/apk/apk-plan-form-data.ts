import type { ApkPlanFields } from '@panel/contract';

export type ApkPlanInput = { fields: ApkPlanFields; image: File | null };

/** The multipart body of the add and update calls: name, description, apk_url and the optional image file. */
export function apkPlanFormData({ fields, image }: ApkPlanInput): FormData {
  const body = new FormData();
  body.append('name', fields.name);
  body.append('description', fields.description);
  body.append('apk_url', fields.apk_url);
  if (image) body.append('image', image);
  return body;
}
