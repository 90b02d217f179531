/** Types of scripts/redis.mjs (plain JavaScript, so that npm test can run it before anything is compiled). */
export function ensureRedis(log?: (line: string) => void): void;
export function startRedis(options?: { port?: number }): Promise<{ url: string; stop: () => void }>;
