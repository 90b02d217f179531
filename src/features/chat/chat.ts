import type { Language } from '../../../contract/languages';
import type { ChatMessageView } from '../../../contract/worker-api';

export type ChatMessage = ChatMessageView;

/** The public room of a language (contract/api/chat.ts ChatRoom). */
export const languageRoom = (language: Language): string => `lang:${language}`;
/** The room of an OTC order, for its two sides. */
export const orderRoom = (orderId: number): string => `otc:${orderId}`;

/**
 * Messages from the history and the socket, as one list: each once (the socket may
 * bring what a history read brought too, and the writer's own answer comes twice),
 * in the order they were written (ids grow). The writer's own answer says `mine`, the
 * push does not: a message already held keeps what it said.
 */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(held.map((message) => [message.id, message]));
  let changed = false;
  for (const message of incoming) {
    const known = byId.get(message.id);
    if (known && (known.mine || !message.mine) && known.removed === message.removed) continue;
    byId.set(message.id, { ...message, mine: (known?.mine ?? false) || message.mine });
    changed = true;
  }
  if (!changed) return held as ChatMessage[];
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http(s) addresses in a message; nothing else becomes a link (never javascript:, data:, mailto:). */
const LINK = /\bhttps?:\/\/[^\s<>"']+/giu;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = /[.,;:!?)\]}'"»。，、！？）]+$/u;

/**
 * A message's text in parts: plain text, and web addresses the screen shows as links
 * that open outside the app, with no referrer and no trust (rel="nofollow noopener
 * noreferrer ugc"). The text itself is never markup: the server refuses < and >, and
 * the screen renders it as text.
 */
export function textParts(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of body.matchAll(LINK)) {
    const start = match.index;
    let href = match[0];
    const trail = TRAILING.exec(href);
    if (trail) href = href.slice(0, href.length - trail[0].length);
    let url: URL | null = null;
    try {
      url = new URL(href);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') continue;
    if (start > at) parts.push({ kind: 'text', text: body.slice(at, start) });
    parts.push({ kind: 'link', text: href, href: url.href });
    at = start + href.length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}

/** Whether two messages are far enough apart in time for the list to show the time between them. */
export const TIME_GAP_MS = 5 * 60_000;
