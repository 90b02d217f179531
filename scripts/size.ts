/**
 * Adds up the JavaScript the main thread loads for the first screen (the home tab):
 * the page's module scripts, their static imports, and the home route's chunk with its imports, gzipped.
 * The worker, the charts and other screens load later and are listed apart.
 * Exits 1 over the budget. Run after a build (npm run build).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIRST_SCREENS } from '../src/app/first-screens';
import { workerFile } from './vite-boot-plugin';

// Issue 16's target for the first screen on a phone (React 18.3: docs in ARCHITECTURE.md, "Decisions").
const BUDGET_KB = 120;
const dist = path.resolve(import.meta.dirname, '../dist/h5');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build: run npm run build first.');
  process.exit(2);
}

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

function collect(key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, into);
}

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

const firstScreen = new Set<string>();
// The page's entry modules (the build puts the entry's whole static graph in one 'app'
// chunk, vite.config.ts), each with what it imports.
const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// The entry modules stand in index.html as modulepreload links (started after the first frame, scripts/vite-boot-plugin.ts).
const scripts = [...page.matchAll(/<link rel="modulepreload" crossorigin href="\/h5\/([^"]+)"/g)].map((match) => match[1] ?? '');
if (scripts.length === 0) throw new Error('no entry module in index.html');
for (const file of scripts) {
  const key = Object.entries(manifest).find(([, chunk]) => chunk.file === file)?.[0];
  if (!key) throw new Error(`${file} is not in the manifest`);
  collect(key, firstScreen);
}
// The home tab's own chunk: if the router stops splitting it under this name, the figure
// would silently leave it out, so its absence is an error.
const HOME = 'src/routes/index.tsx?tsr-split=component';
if (!manifest[HOME]) throw new Error(`no ${HOME} chunk in the manifest: the home tab is not counted`);
collect(HOME, firstScreen);

const rows = [...firstScreen].map((file) => ({ file, 'gzip KB': Number(gzipKb(file).toFixed(1)) })).sort((a, b) => b['gzip KB'] - a['gzip KB']);
const total = rows.reduce((sum, row) => sum + row['gzip KB'], 0);
console.log('First screen (home tab), main thread:');
console.table(rows);

const later = (match: RegExp) =>
  fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.js') && match.test(file))
    .reduce((sum, file) => sum + gzipKb(`assets/${file}`), 0);
const assets = fs.readdirSync(path.join(dist, 'assets'));
const workerEntry = assets.filter((file) => workerFile(file) === 'entry');
const workerParts = assets.filter((file) => workerFile(file) === 'part');
if (workerEntry.length !== 1) throw new Error(`expected one worker entry, found ${workerEntry.join(', ') || 'none'}`);
const sum = (files: string[]) => files.reduce((total, file) => total + gzipKb(`assets/${file}`), 0);
// The worker's parts, each loaded when first needed: the account arithmetic with the first account snapshot, the chart indicators' math when a chart first shows one.
const partName = (file: string) => /^core-worker-part-(.+)-[\w-]{8}\.js$/.exec(file)?.[1] ?? file;
const parts = workerParts.filter((file) => file.endsWith('.js')).map((file) => `${partName(file)} +${gzipKb(`assets/${file}`).toFixed(1)} KB`);
console.log(
  `Loaded later: worker ${sum(workerEntry).toFixed(1)} KB (parts loaded when needed: ${parts.join(', ')}), charts ${later(/^(theme|kline|depth|legend|quarter-turn)-/).toFixed(1)} KB (gzip)`,
);
console.log(`First screen JavaScript: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
// Charts, the socket client and decimal code belong to later chunks.
const leaked = rows.filter((row) => /TradingView|engine\.io|DecimalError/.test(fs.readFileSync(path.join(dist, row.file), 'utf8')));
if (leaked.length > 0) {
  console.error(`First-screen chunks carry charts, socket or decimal code: ${leaked.map((row) => row.file).join(', ')}`);
  process.exit(1);
}
// The worker's entry is on the first price's path: its account arithmetic (decimal.js) loads with the first account snapshot.
if (/DecimalError/.test(fs.readFileSync(path.join(dist, 'assets', workerEntry[0] ?? ''), 'utf8'))) {
  console.error(`The worker's entry carries decimal code: ${workerEntry[0] ?? ''}`);
  process.exit(1);
}
// The first screens' own files, as index.html's boot script preloads them: each is a round
// trip on one of six HTTP/1.1 connections, so they come grouped (vite.config.ts, firstScreensGroup).
const MAX_SCREEN_FILES = 6;
const preloads = JSON.parse(/,f=(\[[^\]]*\])/.exec(page)?.[1] ?? '[]') as string[];
const byRoute = JSON.parse(/,r=(\{.*?\}),t=/.exec(page)?.[1] ?? '{}') as Record<string, number[]>;
for (const screen of FIRST_SCREENS) {
  const own = (byRoute[screen] ?? []).map((index) => preloads[index] ?? '');
  console.log(`${screen}: ${own.length} files of its own preloaded (${own.join(', ')})`);
  if (own.length === 0 || own.length > MAX_SCREEN_FILES) {
    console.error(`${screen} should preload between 1 and ${MAX_SCREEN_FILES} files of its own.`);
    process.exit(1);
  }
}
if (total > BUDGET_KB) {
  console.error(`Over budget by ${(total - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
