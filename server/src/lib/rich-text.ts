import sanitizeHtml from 'sanitize-html';

/**
 * Rich text written in the panel (ticket descriptions, announcements) as it is stored: an
 * allow-list of formatting tags, links and images on http(s) only, no script, style or event
 * attribute; every link opens in a new tab with rel="noopener noreferrer". Plain URLs in the text
 * become links, and URLs of images inline images (core-panel.md §2 Create ticket). The browser
 * sanitises again when it shows it.
 */

const IMAGE_URL = /\.(png|jpe?g|gif|webp|svg)(\?[^\s]*)?$/i;
// Over already-escaped text: a URL ends at a space, a quote or an escaped bracket.
const URL_IN_TEXT = /https?:\/\/(?:(?!&quot;|&#39;|&lt;|&gt;)[^\s<>"'])+/gi;

const linkOrImage = (url: string) =>
  IMAGE_URL.test(url) ? `<img src="${url}" alt="">` : `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'img', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h2', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link whose address is an image's shows the image, as a pasted image URL does.
    a: (_tagName, attribs): sanitizeHtml.Tag =>
      attribs.href && IMAGE_URL.test(attribs.href) && /^https?:\/\//i.test(attribs.href)
        ? { tagName: 'img', attribs: { src: attribs.href, alt: '' }, text: '' }
        : { tagName: 'a', attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } },
  },
  // Text outside links: its URLs become links or images. The text arrives escaped, so a URL
  // cannot carry a quote or a bracket into the attribute it is written in.
  textFilter: (text, tag) => (tag === 'a' ? text : text.replace(URL_IN_TEXT, linkOrImage)),
};

/** Announcements may also embed images as base64 data (business-panel.md §5: at most 10 MB). */
const WITH_DATA_IMAGES: sanitizeHtml.IOptions = { ...OPTIONS, allowedSchemesByTag: { img: ['http', 'https', 'data'] } };
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;

export function sanitizeRichText(html: string, options: { dataImages?: boolean } = {}): string {
  if (!options.dataImages) return sanitizeHtml(html, OPTIONS).trim();
  // Only raster images may come as data: an SVG or any other data URL could carry script.
  return sanitizeHtml(html, {
    ...WITH_DATA_IMAGES,
    exclusiveFilter: (frame) => frame.tag === 'img' && (frame.attribs.src ?? '').startsWith('data:') && !DATA_IMAGE.test(frame.attribs.src ?? ''),
  }).trim();
}
