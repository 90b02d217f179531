import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { createContext } from './context-factory';
import { dataDirWarnings, PRIVATE_FILE_MODE } from './data-dir';
import { DatabaseUnavailable } from './db/database';
import { attachRealtime } from './realtime/socket';

/** One process: API, socket.io, the app at /h5/ and uploads, on PORT. */
export async function startServer(): Promise<void> {
  const config = readConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx, { logger: true });
  for (const warning of dataDirWarnings(config.dataDir)) app.log.warn(warning);
  const io = attachRealtime(app.server, ctx);
  ctx.exchange.start();
  // CLUSTER: this process claims its share of the markets, and keeps looking (server/cluster/claims.ts).
  await ctx.claims?.start();
  // The products' scheduled jobs (server/products.ts): each runs now, then on its interval.
  ctx.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Test harnesses read this line to find the port when PORT=0.
  // The operator command line finds the server here.
  const runFile = path.join(config.dataDir, 'server.json');
  fs.writeFileSync(runFile, `${JSON.stringify({ port, pid: process.pid })}\n`, { mode: PRIVATE_FILE_MODE });
  console.log(`Kestrel listening on http://localhost:${port}/h5/ (data in ${config.dataDir}, market: ${ctx.market.source.name})`);

  let closing = false;
  const close = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await ctx.jobs.stop();
    await io.close();
    // The markets given back, their candles written, before the others claim them.
    await ctx.claims?.stop();
    await ctx.exchange.stop();
    await app.close();
    await ctx.db.destroy();
    fs.rmSync(runFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
}

try {
  await startServer();
} catch (error) {
  // A store that cannot be reached is an operator's matter, not a bug: one line, exit 1.
  if (!(error instanceof DatabaseUnavailable)) throw error;
  console.error(error.message);
  process.exit(1);
}
