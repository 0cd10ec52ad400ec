import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { Box, type BoxProps } from '@mantine/core';

/** Elements kept as they are; anything else is unwrapped to its children. */
const ALLOWED = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span', 'div',
  'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'img',
]);
/** Elements dropped with their content: code, styles, embedded documents, forms. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'link', 'meta', 'base', 'head', 'title', 'form', 'input', 'button', 'select', 'textarea',
]);
const VOID = new Set(['br', 'hr', 'img']);
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;
const DROPPED_SELECTOR = [...DROPPED].join(',');
const BLOCKS = 'p,div,li,br,hr,blockquote,pre,h1,h2,h3,h4,h5,h6,tr,td,th';

function safeUrl(value: string | null, protocols: readonly string[]): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, window.location.origin);
    return protocols.includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = VOID.has(tag) ? undefined : Array.from(element.childNodes, convert);
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, children);
  // No attribute survives except a checked link target or image source: no event handlers,
  // no inline styles, no classes that could mimic the panel's own controls.
  if (tag === 'a') {
    const href = safeUrl(element.getAttribute('href'), ['http:', 'https:', 'mailto:']);
    if (!href) return createElement(Fragment, { key }, children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, children);
  }
  if (tag === 'img') {
    const raw = element.getAttribute('src');
    // Announcements embed raster images as data (business-panel.md §5); never SVG, which can script.
    const src = raw && DATA_IMAGE.test(raw) ? raw : safeUrl(raw, ['http:', 'https:']);
    if (!src) return null;
    const alt = element.getAttribute('alt') ?? '';
    return createElement('img', { key, src, alt, loading: 'lazy', referrerPolicy: 'no-referrer', style: { maxWidth: '100%' } });
  }
  return createElement(tag, { key }, children);
}

/**
 * Turns stored HTML into React elements through an allow-list: tags outside it are unwrapped or
 * dropped, attributes are discarded except checked http(s) links and images. The server already
 * sanitises what it stores; this keeps the browser safe even if an older row was not.
 * DOMParser documents are inert: their scripts never run and their images never load.
 */
export function sanitizeHtml(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, convert);
}

/** The text of an HTML fragment, for one-line previews. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.body.querySelectorAll(DROPPED_SELECTOR)) element.remove();
  // Block boundaries separate words: "<p>Hello</p><p>world</p>" reads "Hello world".
  for (const element of doc.body.querySelectorAll(BLOCKS)) element.after(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
export function SafeHtml({ html, ...props }: { html: string } & BoxProps) {
  const content = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box fz="sm" style={{ overflowWrap: 'anywhere' }} {...props}>
      {content}
    </Box>
  );
}
