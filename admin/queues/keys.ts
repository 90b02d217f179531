/**
 * The queues' keyboard shortcuts: j and k move through the list, a approves the selected
 * item, r rejects it (asking the reason). None fires while the operator types in a field
 * (the reason itself), nor with a modifier held (the browser's own shortcuts).
 */
export type Shortcut = 'next' | 'previous' | 'approve' | 'reject';

const SHORTCUTS: Partial<Record<string, Shortcut>> = { j: 'next', k: 'previous', a: 'approve', r: 'reject' };

type KeyTarget = { tagName?: unknown; isContentEditable?: unknown } | null;

/** Whether a key pressed in `target` is typing: a text field, a list to choose from, editable text. */
export function isTyping(target: EventTarget | KeyTarget): boolean {
  if (target === null || typeof target !== 'object') return false;
  const { tagName, isContentEditable } = target as KeyTarget & object;
  return isContentEditable === true || tagName === 'INPUT' || tagName === 'TEXTAREA' || tagName === 'SELECT';
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | KeyTarget;
}

export function shortcutOf(press: KeyPress): Shortcut | null {
  if (press.ctrlKey || press.metaKey || press.altKey || isTyping(press.target)) return null;
  return SHORTCUTS[press.key] ?? null;
}
