import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database, the operator's token, the mail outbox (codes) and users'
 * uploads (identity photos): the server's owner alone may read it. What the server
 * creates there is made so: directories 0700, files 0600 (SQLite gives its -wal and
 * -shm files the database file's mode). What already exists keeps its mode, and the
 * server warns at start when it is wider (dataDirWarnings).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The directory (and any missing parent) created 0700. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** The file created empty with mode 0600 unless it exists. */
export function makePrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
}

/** The server's own entries in DATA_DIR. */
const ENTRIES = ['exchange.sqlite', 'exchange.sqlite-wal', 'exchange.sqlite-shm', 'operator.token', 'server.json', 'uploads', 'private-uploads', 'outbox'];

/** A line for each of DATA_DIR and the server's entries in it that other local users may read or enter. */
export function dataDirWarnings(dataDir: string): string[] {
  const warnings: string[] = [];
  const check = (target: string): void => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(target);
    } catch {
      return;
    }
    const mode = stat.mode & 0o777;
    if ((mode & 0o077) === 0) return;
    const wanted = stat.isDirectory() ? '700' : '600';
    warnings.push(`${target} is open to other local users (mode ${mode.toString(8).padStart(4, '0')}): it holds private data, chmod ${wanted} it`);
  };
  check(dataDir);
  for (const name of ENTRIES) check(path.join(dataDir, name));
  return warnings;
}
