import { ApiError } from './errors';

/**
 * Request fields as parsed from a query string, a form or a JSON body: a prototype-free
 * record. A field sent twice or named like an Object.prototype member is refused here,
 * before anything reads it.
 */
export type Fields = Record<string, unknown>;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function emptyFields(): Fields {
  return Object.create(null) as Fields;
}

export function checkFieldName(name: string, seen: Fields): void {
  if (FORBIDDEN.has(name)) throw new ApiError('server:errors.forbidden_field');
  if (Object.hasOwn(seen, name)) throw new ApiError('server:errors.repeated_field', { field: name.slice(0, 40) });
}

/** application/x-www-form-urlencoded and query strings. */
export function parseUrlEncoded(text: string): Fields {
  const fields = emptyFields();
  for (const [name, value] of new URLSearchParams(text)) {
    checkFieldName(name, fields);
    fields[name] = value;
  }
  return fields;
}

/**
 * JSON bodies: an object whose values are strings, numbers, booleans or null.
 * Duplicate keys are found by scanning the text, since JSON.parse keeps the last.
 */
export function parseJsonFields(text: string): Fields {
  if (text.trim() === '') return emptyFields();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('server:errors.bad_request');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError('server:errors.bad_request');
  const fields = emptyFields();
  for (const name of topLevelKeys(text)) {
    checkFieldName(name, fields);
    fields[name] = null;
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (value !== null && typeof value === 'object') throw new ApiError('server:errors.bad_request');
    fields[name] = value;
  }
  return fields;
}

/** The keys of the top-level object of valid JSON text, in order, repeats included. */
function topLevelKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) keys.push(JSON.parse(text.slice(i, end + 1)) as string);
      expectKey = false;
      i = end;
    } else if (ch === '{' || ch === '[') {
      depth++;
      expectKey = ch === '{' && depth === 1;
    } else if (ch === '}' || ch === ']') {
      depth--;
    } else if (ch === ',' && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
}
