/** Image files and multipart bodies for the upload tests (logos, APK images). */

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** A second, different real PNG (1×1, another colour). */
export const PNG_2 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

export type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A real multipart body, as a browser's FormData sends it. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part) form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type ?? 'application/octet-stream' }), part.filename);
    else form.append(part.name, part.value);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}
