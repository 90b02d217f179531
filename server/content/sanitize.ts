import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (articles, FAQ answers, pages) is sanitised here, once, when an operator
 * stores it; what the public endpoints answer is what this let through (the app
 * sanitises again before it renders). An allowlist:
 * - formatting tags only: p, br, strong, b, em, i, u, ul, ol, li, h2, h3, h4,
 *   blockquote, span, a, img; other tags go and keep their text, except those whose
 *   content is code or a foreign document (script, style, svg, math, iframe...), which
 *   go with everything inside them;
 * - no attributes at all (no style, class, id or on* handlers) except:
 *   a[href] when it is an http, https or mailto address (then always with
 *   rel="noopener noreferrer" target="_blank"; a link to anything else keeps its text as
 *   a span), and img[src] (with alt) when it is one of the exchange's own uploads,
 *   /uploads/<name>.<png|jpg|gif|webp>: the app loads nothing from another site.
 */
const TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'span', 'a', 'img'];

/** Dropped with their whole content. */
const DROPPED = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'title',
  'head',
  'select',
  'button',
  'form',
  'audio',
  'video',
  'canvas',
  'frame',
  'frameset',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
];

/** The same addresses as POST /upload answers (contract/api/fields.ts UPLOAD_PATH). */
export const UPLOAD_IMAGE = /^\/uploads\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/;

/**
 * A link the app may follow: it must literally begin with http://, https:// or mailto:
 * (any case), so a scheme hidden behind control characters, whitespace or entities
 * ("java&#x09;script:", " javascript:") never passes.
 */
export function safeLink(href: string): string | null {
  const value = href.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(value)) return null;
  // Nothing a browser would strip or stumble over inside the address either.
  if (/[\u0000-\u001f\u007f-\u009f\s<>"'`\\]/.test(value)) return null;
  return value.length > 1 && value.length <= 2000 ? value : null;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background', 'ping'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED,
  nestingLimit: 40,
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs['href'] === undefined ? null : safeLink(attribs['href']);
      return href ? { tagName, attribs: { href, rel: 'noopener noreferrer', target: '_blank' } } : { tagName: 'span', attribs: {} };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs['src'] ?? '').trim();
      const kept: sanitizeHtml.Attributes = UPLOAD_IMAGE.test(src) ? { src, alt: (attribs['alt'] ?? '').slice(0, 200) } : {};
      return { tagName, attribs: kept };
    },
  },
  // An image whose address was refused goes altogether.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
};

/** Operator HTML as it may be stored and served. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The text of some HTML, whitespace collapsed (for summaries). */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li|\/h[2-4]|\/blockquote)\b[^>]*>/gi, ' $&'), { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED });
  return text
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A summary from an article's text: its first words, at most `max` characters. */
export function excerpt(html: string, max = 140): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
