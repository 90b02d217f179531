/**
 * npm run lighthouse: Lighthouse's mobile performance audit (its default: a mid-range
 * phone on Slow 4G, CPU slowed 4x, simulated) of the home page and the market page, in
 * Debian's Chromium (a new profile each run: every run a cold start) against a fresh
 * server (simulated market) serving the build. Prints
 * each page's median of three runs: the performance score, FCP, LCP, TBT and CLS, against
 * the target score of 95, and Lighthouse's benchmark index of each run: a shared or busy
 * machine runs slower at times, and the score (CPU time is simulated as 4x what it took
 * here) falls with it. Exits 1 when a page misses it. Run after a build (npm run build).
 *
 * Lighthouse reads Chromium's traces: keep its version as new as Debian's Chromium. With
 * Chromium 156, Lighthouse 12.8 counted some 400 ms more blocking time on the same build
 * than 13.5 does.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../tests/e2e/server';
import { median } from './figures';

const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
// chrome-launcher waits a long while for a browser that is not there before it gives up.
if (!fs.existsSync(CHROME)) {
  console.error(`No browser at ${CHROME}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`);
  process.exit(2);
}
const RUNS = Number(process.env['RUNS'] ?? 3);
const TARGET = 95;
/** REPORT_DIR=dir keeps each run's whole Lighthouse report there (JSON, one file per run), to see where the time went. */
const REPORT_DIR = process.env['REPORT_DIR'];
const PAGES = [
  ['home', '/h5/'],
  ['market', '/h5/#/pages/market/market'],
] as const;

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  speed: number;
}

/** Tries per run: a run Lighthouse could not record (NO_NAVSTART and the like) is run again, not counted as a 0. */
const ATTEMPTS = 3;

/**
 * One cold start: a new browser with an empty profile each run, so no run sees what an
 * earlier one left (the worker's cached quotes in IndexedDB, the HTTP cache).
 */
async function audit(url: string, label: string) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      if (!result) throw new Error('Lighthouse gave no result');
      const { runtimeError, runWarnings } = result.lhr;
      for (const warning of runWarnings) console.log(`${label}: ${warning}`);
      if (!runtimeError) {
        if (REPORT_DIR) fs.writeFileSync(`${REPORT_DIR}/${label.replaceAll(' ', '-')}.json`, JSON.stringify(result.lhr));
        return result.lhr;
      }
      console.log(`${label}, attempt ${attempt}: ${runtimeError.code}, run again`);
    } finally {
      chrome.kill();
    }
  }
  throw new Error(`${label}: Lighthouse could not record the page in ${ATTEMPTS} attempts`);
}

const server = await startServer({ AUTO_APPROVE: 'none' });
let missed = false;
try {
  for (const [name, path] of PAGES) {
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { categories, audits, environment } = await audit(`${server.url}${path}`, `${name} run ${run + 1}`);
      const value = (id: string) => audits[id]?.numericValue ?? NaN;
      runs.push({
        score: Math.round((categories['performance']?.score ?? 0) * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        speed: environment.benchmarkIndex,
      });
    }
    const pick = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
    const score = pick('score');
    if (score < TARGET) missed = true;
    console.log(
      `${name.padEnd(7)} performance ${score} (runs ${runs.map((figures) => figures.score).join(', ')}; target ${TARGET}): ` +
        `FCP ${(pick('fcp') / 1000).toFixed(2)} s, LCP ${(pick('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(pick('tbt'))} ms, CLS ${pick('cls').toFixed(3)}; ` +
        `machine speed (Lighthouse's benchmark index) ${Math.round(pick('speed'))}, runs ${runs.map((figures) => Math.round(figures.speed)).join(', ')}`,
    );
  }
} finally {
  await server.stop();
}
if (missed) process.exitCode = 1;
