/** Types of scripts/postgres.mjs (plain JavaScript, so that npm test can run it before anything is compiled). */
export function ensurePostgres(log?: (line: string) => void): void;
export function startPostgres(options?: { inMemory?: boolean }): Promise<{ url: string; stop: () => void }>;
