// npm run cluster -- --processes 3: the exchange as several processes on this machine,
// on one PostgreSQL database (DATABASE_URL) and one Redis (REDIS_URL), both running already.
//
// Node's cluster module is the front: this primary process listens on PORT and hands each
// incoming connection to the next worker in turn. Each worker is a whole server
// (server/main.ts with CLUSTER=true): it claims its share of the markets, serves every
// request and socket, and sends what must run where a market runs to its owner
// (ARCHITECTURE.md, "Storage and processes"). A worker that dies is started again; its
// markets are claimed by the others meanwhile.
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (cluster.isPrimary) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--processes');
  const count = at >= 0 ? Number(args[at + 1]) : os.availableParallelism();
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`--processes must be a whole number from 1 to 64, got ${at >= 0 ? args[at + 1] : count}`);
    process.exit(1);
  }
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.error('npm run cluster needs PostgreSQL and Redis running: set DATABASE_URL (postgres://user:password@host:port/database) and REDIS_URL (redis://host:port)');
    process.exit(1);
  }
  buildIfStale();
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: [] });
  let stopping = false;
  const fork = () => cluster.fork({ CLUSTER: 'true' });
  // The first worker migrates and seeds the database; the others start once it listens.
  let started = false;
  fork().once('listening', () => {
    started = true;
    for (let i = 1; i < count; i++) fork();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!started) {
      // A configuration error (an unreachable database...): its message is above.
      console.error('the first process stopped before it could serve');
      process.exit(1);
    }
    console.error(`process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); its markets go to the others, and a new process starts`);
    setTimeout(fork, 1_000);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const exit = setTimeout(() => process.exit(0), 15_000);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearTimeout(exit);
        process.exit(0);
      }
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Kestrel: ${count} processes on http://localhost:${process.env.PORT ?? 8080}/h5/ (PostgreSQL and Redis shared)`);
} else {
  process.chdir(root);
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/main.ts');
}
