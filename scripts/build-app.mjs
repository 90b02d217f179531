// The app's and the operator console's builds, each made again when it is missing or older
// than its sources (npm start, npm run cluster).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each build: its page, what it is made from, its Vite config. The console takes the app's transport, toast and theme too. */
const BUILDS = [
  { name: 'the app', built: 'dist/h5/index.html', sources: ['src', 'contract', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json'], config: [] },
  {
    name: 'the operator console',
    built: 'dist/admin/index.html',
    sources: ['admin', 'src/api', 'src/ui', 'src/lib', 'contract', 'locales', 'vite.admin.config.ts', 'package.json'],
    config: ['--config', 'vite.admin.config.ts'],
  },
];

function newest(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(full)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

export function buildIfStale() {
  for (const { name, built, sources, config } of BUILDS) {
    const page = path.join(root, built);
    const builtAt = fs.existsSync(page) ? fs.statSync(page).mtimeMs : 0;
    const changedAt = Math.max(...sources.map(newest));
    if (builtAt >= changedAt) continue;
    console.log(builtAt ? `Sources changed since the last build: building ${name}…` : `Building ${name}…`);
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', ...config, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
