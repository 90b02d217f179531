/**
 * Rich text from the server (articles, FAQ answers, pages) as HTML safe to insert. The
 * server sanitises content when it is stored; the app sanitises again before it renders
 * (defence in depth): an allowlist of formatting tags, links to http, https and mailto
 * only, images from the exchange's own /uploads/ only, no attributes beyond those.
 */
const ALLOWED = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'UL', 'OL', 'LI', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'A', 'IMG', 'SPAN']);
/** Dropped with everything inside them (the rest keep their text when their tag goes). */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
  'TEMPLATE',
  'NOSCRIPT',
  'TEXTAREA',
  'SELECT',
  'BUTTON',
  'FORM',
  'INPUT',
  'LINK',
  'META',
  'BASE',
  'TITLE',
  'HEAD',
  'AUDIO',
  'VIDEO',
  'SOURCE',
  'FRAME',
  'FRAMESET',
  'APPLET',
]);

/** True for a link the app may follow: http(s) or mailto, nothing hidden in control characters. */
export function safeLink(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^(https?:\/\/|mailto:)/.test(cleaned);
}

const safeImage = (src: string) => /^\/uploads\/[A-Za-z0-9._/-]+$/.test(src) && !src.includes('..');

function copy(source: Node, into: Node, document: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      into.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      copy(element, into, document);
      continue;
    }
    const clean = document.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = element.getAttribute('href') ?? '';
      if (safeLink(href)) {
        clean.setAttribute('href', href.trim());
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (tag === 'IMG') {
      const src = element.getAttribute('src') ?? '';
      if (!safeImage(src)) continue;
      clean.setAttribute('src', src);
      clean.setAttribute('alt', element.getAttribute('alt') ?? '');
    }
    copy(element, clean, document);
    into.appendChild(clean);
  }
}

export function sanitizeHtml(html: string): string {
  // A parsed document runs no script and loads nothing until nodes join the page.
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out = parsed.createElement('div');
  copy(parsed.body, out, parsed);
  return out.innerHTML;
}
