import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { APP_NAMESPACES, BUNDLED_NAMESPACES, FIRST_SCREENS, LATER_NAMESPACES } from '../../src/i18n/resources';

/**
 * The namespaces not bundled with the first screen (src/i18n/resources.ts) are loaded by
 * the routes of their screens: their texts are used in their own feature folder only, and
 * every route that shows one of those screens loads its namespace first. A text used
 * elsewhere would show as its key.
 */
const root = path.resolve(import.meta.dirname, '../..');
/** The feature folders whose screens use each namespace (borrowing's strings live in the finance namespace). */
const FOLDERS: Record<(typeof LATER_NAMESPACES)[number], readonly string[]> = {
  copy: ['src/features/copy'],
  finance: ['src/features/finance', 'src/features/borrow'],
  nft: ['src/features/nft'],
  game: ['src/features/game'],
  otc: ['src/features/otc'],
  chat: ['src/features/chat'],
  security: ['src/features/security'],
  alerts: ['src/features/alerts'],
  chart: ['src/features/chart'],
};

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const name = path.join(dir, entry.name);
    return entry.isDirectory() ? files(name) : /\.tsx?$/.test(entry.name) ? [name] : [];
  });
}

test('a namespace loaded by its screens is used in its feature folder only', () => {
  const strays: string[] = [];
  for (const file of files('src')) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const namespace of LATER_NAMESPACES) {
      if (FOLDERS[namespace].some((folder) => file.startsWith(`${folder}/`))) continue;
      if (new RegExp(`['\`]${namespace}:[a-z]`).test(text)) strays.push(`${file} uses ${namespace}:`);
    }
  }
  expect(strays).toEqual([]);
});

/**
 * Screens outside a namespace's folders that embed one of its screens or parts (an OTC
 * order shows its chat; the login asks the authenticator code, the withdrawal form too,
 * the address book has the whitelist; a pair's screen the sheet that adds a price alert):
 * their routes load it too.
 */
const EMBEDDED: Partial<Record<(typeof LATER_NAMESPACES)[number], readonly string[]>> = {
  chat: ['src/features/otc/OrderScreen.tsx'],
  security: ['src/features/assets/AddressBookScreen.tsx', 'src/features/assets/WithdrawScreen.tsx', 'src/features/auth/LoginScreen.tsx', 'src/features/settings/SecurityScreen.tsx'],
  alerts: ['src/features/market/DetailScreen.tsx'],
  chart: ['src/features/market/DetailScreen.tsx'],
};

test.each(Object.keys(EMBEDDED) as (keyof typeof EMBEDDED)[])('the screens that embed parts of %s are the ones listed', (namespace) => {
  const embedding = files('src/features').filter((file) => !file.startsWith(`src/features/${namespace}/`) && fs.readFileSync(path.join(root, file), 'utf8').includes(`from '../${namespace}/`));
  expect(embedding.sort()).toEqual(EMBEDDED[namespace]);
});

/** What a route imports to show a namespace's screens. */
const showing = (namespace: (typeof LATER_NAMESPACES)[number]): string[] =>
  [...FOLDERS[namespace].map((folder) => `${folder}/`), ...(EMBEDDED[namespace] ?? []).map((file) => `${file.replace(/\.tsx?$/, '')}'`)].map((prefix) => prefix.replace(/^src\//, ''));

test('every route showing one of those screens loads its namespace', () => {
  const missing: string[] = [];
  for (const namespace of LATER_NAMESPACES) {
    const imports = showing(namespace);
    for (const file of files('src/routes')) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const shows = imports.some((prefix) => text.includes(prefix));
      const loader = /loader: \(\) => (.+)/.exec(text)?.[1] ?? '';
      if (shows && !loader.includes(`loadNamespace('${namespace}')`)) missing.push(`${file} (${namespace})`);
    }
  }
  expect(missing).toEqual([]);
});

/** A module's static imports of the app's own files (not `import()`, which loads later). */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gms)].map((match) => match[1] ?? match[2] ?? '');
  return specifiers.flatMap((specifier) => {
    const base = path.join(path.dirname(file), specifier);
    const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find((candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(path.join(root, candidate)));
    return found ? [found] : [];
  });
}

test('the first screens and the shell say only what is bundled with the app', () => {
  const routeFile = (screen: string) => (screen === '/' ? 'src/routes/index.tsx' : `src/routes${screen.replace(/\/index$/, '/[index]')}.tsx`);
  // The start (src/main.tsx and what it imports), the root route and the first screens'
  // routes; the route tree leads to every other screen, which waits for its texts.
  const start = ['src/main.tsx', 'src/routes/__root.tsx', ...FIRST_SCREENS.map(routeFile)];
  const routeTree = 'src/routeTree.gen.ts';
  for (const file of start) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file) || file === routeTree) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  // Reaching the home screen's shortcuts and the market list proves the walk follows the screens' imports.
  expect([...seen]).toEqual(expect.arrayContaining(['src/features/home/Shortcuts.tsx', 'src/features/market/MarketScreen.tsx', 'src/ui/TabBar.tsx']));
  const bundled = new Set<string>(BUNDLED_NAMESPACES);
  const others = APP_NAMESPACES.filter((namespace) => !bundled.has(namespace));
  const strays = [...seen].flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    return others.filter((namespace) => new RegExp(`['\`]${namespace}:[a-z]`).test(text)).map((namespace) => `${file} uses ${namespace}:`);
  });
  expect(strays).toEqual([]);
});
