import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import english from '../locales/en/admin.json';
import { QUEUES } from './queues/queues';

/**
 * Every key the console says exists in English (locales/en/admin.json), so no screen
 * shows a key; tests/unit/locales.test.ts holds the other seven languages to English.
 * Keys written whole (t('queues.approve')) are read from the sources; the ones made from
 * a queue's or a document's name are listed here.
 */
type Tree = { [key: string]: string | Tree };
function has(tree: Tree, key: string): boolean {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  return typeof value === 'string';
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test('every key the console uses is in English', () => {
  const used = new Set<string>();
  for (const file of sources(import.meta.dirname)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(?:t|translate)\('([a-z_.]+)'/g)) used.add(match[1] ?? '');
  }
  for (const queue of QUEUES) used.add(`queues.names.${queue}`);
  for (const idType of ['id_card', 'passport', 'driving_licence']) used.add(`queues.id_types.${idType}`);
  for (const failure of ['timeout', 'network', 'unknown', 'http']) used.add(`errors.${failure}`);
  expect(used.size).toBeGreaterThan(40);
  expect([...used].filter((key) => !has(english as Tree, key))).toEqual([]);
});
