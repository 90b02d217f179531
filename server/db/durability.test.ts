import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { openDatabase } from './database';

/**
 * A committed change survives a power cut, not only a killed process: the SQLite file
 * runs in WAL mode with synchronous=FULL, so each commit is on the disk before it is
 * answered (the security issue's finding 12; the cost is in ARCHITECTURE.md).
 */
test('the SQLite file syncs every commit (WAL, synchronous=FULL)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-sync-'));
  const db = await openDatabase(dir);
  try {
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows).toEqual([{ journal_mode: 'wal' }]);
    // 2 is FULL (1 NORMAL, 3 EXTRA).
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows).toEqual([{ synchronous: 2 }]);
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
