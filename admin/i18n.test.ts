import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import english from '../locales/en/admin.json';
import { QUEUES } from './queues/queues';
import { USER_TABS } from './users/search';
import { WORDS } from './users/words';

/**
 * Every key the console says exists in English (locales/en/admin.json), so no screen
 * shows a key; tests/unit/locales.test.ts holds the other seven languages to English.
 * Keys written whole (t('queues.approve')) are read from the sources; the ones made from
 * a queue's or a document's name, a user page's tab or a value the Users screens name
 * (admin/users/words.ts) are listed here.
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
  for (const tab of USER_TABS) used.add(`users.tabs.${tab}`);
  for (const [group, values] of Object.entries(WORDS)) for (const value of values) used.add(`users.${group}.${value}`);
  expect(used.size).toBeGreaterThan(40);
  expect([...used].filter((key) => !has(english as Tree, key))).toEqual([]);
});
