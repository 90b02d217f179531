import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseImage, databaseTemplate, harnessConfig } from './harness';
import { onPostgres } from './store';
import { IMAGES_ENV } from './images';

/**
 * Vitest's global setup (vitest.config.ts): a fresh folder for this run's database images,
 * named to the test workers by an environment variable, and the image most test files
 * start from (the harness's default configuration) made in it before they start. The
 * folder goes when the run ends, so the next run builds its images from the code as it is
 * then.
 */
export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-images-'));
  process.env[IMAGES_ENV] = dir;
  const config = harnessConfig(path.join(dir, 'data'));
  if (onPostgres()) await databaseTemplate(config);
  else await databaseImage(config);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
