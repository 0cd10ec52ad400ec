import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';
import { IMAGE_UPLOAD_MAX_BYTES } from '@panel/contract';
import type { Config } from '../config.js';
import { fieldError } from './app-error.js';
import type { Ctx } from './context.js';

/**
 * Image uploads (application logos, reseller logos, APK plan images), in one place: multipart bodies are read by
 * `multipartBody`, images checked by content (never by name or declared type), SVGs sanitised,
 * and files stored under `DATA_DIR/uploads` with a content-hash name and served read-only at
 * `/uploads/`. A new image gets a new name, so the files can be cached for a year.
 */

export const UPLOADS_PREFIX = '/uploads/';

/** Given to `@fastify/multipart` once, in app.ts: one file of at most 2 MB and a few text fields per request. */
export const MULTIPART_LIMITS = { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 };

export type UploadedFile = { fieldname: string; filename: string; buffer: Buffer };

export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

const uploaded = new WeakMap<FastifyRequest, Map<string, UploadedFile>>();

/**
 * A route's preValidation hook: a multipart body becomes `request.body` (its text parts, so that the
 * route's body schema validates them as it would JSON) and its file part is kept for
 * `uploadedFile`. A file over 2 MB is a 422 on its field (`tooLargeKey`, the image message unless
 * given). A JSON body passes through unchanged.
 */
export function multipartBody(options: { tooLargeKey?: string } = {}): preValidationAsyncHookHandler {
  return async function readMultipart(request) {
    if (!request.isMultipart()) return;
    const fields: Record<string, string> = {};
    const files = new Map<string, UploadedFile>();
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        let buffer: Buffer;
        try {
          buffer = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(part.fieldname, options.tooLargeKey ?? 'validation.imageTooLarge');
          throw error;
        }
        // An empty file input still sends a part with no bytes: the same as sending no file.
        if (buffer.length > 0) files.set(part.fieldname, { fieldname: part.fieldname, filename: part.filename, buffer });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
    request.body = fields;
    uploaded.set(request, files);
  };
}

/** The file part `field` of a multipart request read by `multipartBody`. */
export function uploadedFile(request: FastifyRequest, field: string): UploadedFile | undefined {
  return uploaded.get(request)?.get(field);
}

export type PreparedImage = { bytes: Buffer; fileName: string; publicPath: string };

const RASTER_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
]);

/** The drawing elements a logo needs; everything else (script, foreignObject, iframe, style, animation, …) is dropped. */
const SVG_TAGS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker', 'image',
  'filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feComposite', 'feFlood', 'feMerge', 'feMergeNode',
  'feMorphology', 'feDropShadow',
];

const SVG_ATTRIBUTES = [
  'id', 'class', 'style', 'transform', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry',
  'd', 'points', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path', 'clip-rule', 'mask',
  'filter', 'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'preserveAspectRatio', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline',
  'letter-spacing', 'dx', 'dy', 'href', 'xlink:href', 'xmlns', 'xmlns:xlink', 'version', 'visibility', 'display',
  'stdDeviation', 'in', 'in2', 'result', 'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'flood-color',
  'flood-opacity', 'radius', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'markerUnits', 'overflow',
  'vector-effect', 'color', 'filterUnits', 'primitiveUnits', 'startOffset', 'textLength', 'lengthAdjust',
];

/** Elements whose mere presence refuses the file: they run code or pull in other documents. */
const SVG_FORBIDDEN_TAGS = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler', 'listener', 'audio', 'video', 'a']);

/** Only links inside the file itself, or an embedded raster image. */
const SAFE_HREF = /^(#[\w.:-]*|data:image\/(png|jpeg|webp|gif);base64,[a-z0-9+/=\s]*)$/i;
const EXTERNAL_CSS = /url\s*\(\s*['"]?\s*(?!#)|@import|expression\s*\(|javascript:/i;

function looksLikeSvg(text: string): boolean {
  return /^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*<svg[\s>/]/i.test(text);
}

/**
 * Refuses an SVG that would do anything but draw (scripts, event handlers, embedded documents,
 * entity declarations, links outside the file), then keeps only the allow-listed elements and
 * attributes: the stored file is the sanitised one, never the upload.
 */
function sanitiseSvg(text: string, field: string): string {
  if (/<!ENTITY/i.test(text)) throw fieldError(field, 'validation.svgUnsafe');
  let unsafe = false;
  let root: string | undefined;
  const clean = sanitizeHtml(text, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    // Links are checked below; sanitize-html's own scheme check would miss xlink:href.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: false },
    // Every element is written with its closing tag: valid XML whatever the element.
    selfClosing: [],
    // The text of dropped elements goes with them.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'metadata', 'foreignObject', 'foreignobject'],
    onOpenTag(name, attributes) {
      root ??= name.toLowerCase();
      if (SVG_FORBIDDEN_TAGS.has(name.toLowerCase())) unsafe = true;
      for (const [attribute, value] of Object.entries(attributes)) {
        const lower = attribute.toLowerCase();
        if (lower.startsWith('on')) unsafe = true;
        if ((lower === 'href' || lower.endsWith(':href') || lower === 'src') && !SAFE_HREF.test(value.trim())) unsafe = true;
        if (lower === 'style' && EXTERNAL_CSS.test(value)) unsafe = true;
      }
    },
  });
  if (unsafe) throw fieldError(field, 'validation.svgUnsafe');
  if (root !== 'svg' || !/^<svg[\s>/]/.test(clean.trimStart())) throw fieldError(field, 'validation.imageType');
  // Without its namespace a browser does not draw the file as an image.
  return /^<svg[^>]*\sxmlns=/.test(clean.trimStart()) ? clean : clean.replace(/^(\s*)<svg/, '$1<svg xmlns="http://www.w3.org/2000/svg"');
}

/** Checks an upload by its content and answers the bytes to store and their content-hash name. */
export async function prepareImage(file: UploadedFile): Promise<PreparedImage> {
  const field = file.fieldname;
  if (file.buffer.length > IMAGE_UPLOAD_MAX_BYTES) throw fieldError(field, 'validation.imageTooLarge');
  let bytes: Buffer;
  let ext: string;
  const detected = await fileTypeFromBuffer(file.buffer);
  const raster = detected && RASTER_TYPES.get(detected.mime);
  if (raster) {
    bytes = file.buffer;
    ext = raster;
  } else {
    // file-type does not recognise SVG (text, at best "XML"): look for an SVG document ourselves.
    if (detected && detected.ext !== 'xml') throw fieldError(field, 'validation.imageType');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(file.buffer).replace(/^\uFEFF/, '');
    if (/<!ENTITY/i.test(text) && /<svg[\s>/]/i.test(text)) throw fieldError(field, 'validation.svgUnsafe');
    if (!looksLikeSvg(text)) throw fieldError(field, 'validation.imageType');
    bytes = Buffer.from(sanitiseSvg(text, field), 'utf8');
    ext = 'svg';
  }
  const fileName = `${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;
  return { bytes, fileName, publicPath: `${UPLOADS_PREFIX}${fileName}` };
}

/** Writes a prepared image (once: the same content has the same name) and answers its public path. */
export async function storeImage(ctx: Pick<Ctx, 'config'>, image: PreparedImage): Promise<string> {
  const dir = uploadsDir(ctx.config);
  const target = path.join(dir, image.fileName);
  await fs.promises.mkdir(dir, { recursive: true });
  if (!fs.existsSync(target)) {
    // Written beside the folder and renamed into it: a half-written file is never served.
    const temp = path.join(ctx.config.dataDir, `.upload-${crypto.randomBytes(8).toString('hex')}.tmp`);
    await fs.promises.writeFile(temp, image.bytes);
    await fs.promises.rename(temp, target);
  }
  return image.publicPath;
}

/** Checks and stores an uploaded image; answers the public path (`/uploads/<hash>.<ext>`) to save in the row. */
export async function saveImage(ctx: Pick<Ctx, 'config'>, file: UploadedFile): Promise<string> {
  return storeImage(ctx, await prepareImage(file));
}

/** Serves the stored images read-only under /uploads/: public, cached for a year, never run as a document. */
export async function registerUploads(app: FastifyInstance, config: Config) {
  const root = uploadsDir(config);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '1y',
    immutable: true,
    setHeaders: (reply) => {
      // An SVG opened on its own is still only a picture: no script, no plugin, no form.
      reply.header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
