// The app's build, made again when it is missing or older than its sources (npm start, npm run cluster).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/h5/index.html');
const sources = ['src', 'contract', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json'];

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
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newest));
  if (builtAt < changedAt) {
    console.log(builtAt ? 'Sources changed since the last build: building the app…' : 'Building the app…');
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
