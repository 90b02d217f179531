import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../../contract/languages';

/**
 * Every language has every key of English, with the same {{placeholders}}, and is a
 * real translation: not an English copy.
 */
const root = path.resolve(import.meta.dirname, '../../locales');
const namespaces = fs.readdirSync(path.join(root, 'en')).filter((file) => file.endsWith('.json'));

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') result.set(prefix + key, value);
    else for (const [inner, text] of leaves(value, `${prefix}${key}.`)) result.set(inner, text);
  }
  return result;
}

const read = (language: string, file: string): Map<string, string> =>
  leaves(JSON.parse(fs.readFileSync(path.join(root, language, file), 'utf8')) as Tree);

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

test('the locales folder holds exactly the eight languages', () => {
  const folders = fs.readdirSync(root).filter((name) => fs.statSync(path.join(root, name)).isDirectory());
  expect(folders.sort()).toEqual([...LANGUAGES].sort());
});

describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
  test.each(namespaces)('%s has every English key, no others, and the same placeholders', (file) => {
    const english = read('en', file);
    const translated = read(language, file);
    expect([...translated.keys()].filter((key) => !english.has(key)), 'keys English does not have').toEqual([]);
    expect([...english.keys()].filter((key) => !translated.has(key)), 'missing keys').toEqual([]);
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect(other.trim(), `${language}/${file} ${key} is empty`).not.toBe('');
      expect(placeholders(other), `${language}/${file} ${key} placeholders`).toEqual(placeholders(text));
    }
  });

  test('is a translation, not a copy of English', () => {
    let same = 0;
    let total = 0;
    for (const file of namespaces) {
      const english = read('en', file);
      const translated = read(language, file);
      for (const [key, text] of english) {
        total++;
        if (translated.get(key) === text) same++;
      }
    }
    // Some strings are rightly the same in other languages (E-mail, UID, Version,
    // Signature in French). A copy of English is near 100 %; real translations measure
    // 0 to 5 % here, so a fifth is a wide margin that still catches a copy.
    expect(same / total).toBeLessThan(0.2);
  });
});
