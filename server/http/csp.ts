import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The app page's Content-Security-Policy. Scripts only from the app's own origin, and
 * the page's own inline scripts (the boot script that paints the skeleton, picks the
 * theme and preloads the first screen's code) by their SHA-256 hash, read from the built
 * index.html when the server starts: no 'unsafe-inline', so an injected script runs nowhere.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function appPagePolicy(appDir: string): string {
  const page = path.join(appDir, 'index.html');
  const hashes = fs.existsSync(page) ? inlineScriptHashes(fs.readFileSync(page, 'utf8')) : [];
  return (
    `default-src 'self'; script-src 'self'${hashes.map((hash) => ` ${hash}`).join('')}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; ` +
    "connect-src 'self' ws: wss:; worker-src 'self' blob:; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
  );
}
