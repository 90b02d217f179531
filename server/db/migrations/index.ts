import type { Migration } from 'kysely';
import * as m001 from './001_foundation';

/** Numbered migrations, applied in name order at start. Append; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
};
