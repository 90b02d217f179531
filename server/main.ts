import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { createContext } from './context-factory';
import { settleDue } from './finance/lockup';
import { attachRealtime } from './realtime/socket';
import { refreshRates } from './wallet/rates';

/** One process: API, socket.io, the app at /h5/ and uploads, on PORT. */
export async function startServer(): Promise<void> {
  const config = readConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx, { logger: true });
  const io = attachRealtime(app.server, ctx);
  ctx.market.start();
  // Lock-up payouts fall due every 24 hours after each purchase: settle what is due now
  // (a restart included) and every half minute. Lists settle the caller's too.
  const settleLockups = () => void settleDue(ctx).catch((error: unknown) => console.error('lock-up payouts failed', error));
  settleLockups();
  const lockupTimer = setInterval(settleLockups, 30_000);
  // Fiat rates: reloaded from FIAT_RATES_FILE (when set) at most once per 24 hours; the
  // stored time of the last load decides, so checking hourly and at each start is safe.
  const refreshFiat = () =>
    void refreshRates(ctx)
      .then((outcome) => {
        if (outcome.status === 'loaded') console.log(`fiat rates loaded from ${config.fiatRatesFile}: ${outcome.codes.join(' ')}`);
        if (outcome.status === 'refused') console.error(`fiat rates file refused, the stored rates stay: ${outcome.error}`);
      })
      .catch((error: unknown) => console.error('fiat rates refresh failed', error));
  refreshFiat();
  const ratesTimer = setInterval(refreshFiat, 3_600_000);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Test harnesses read this line to find the port when PORT=0.
  // The operator command line finds the server here.
  const runFile = path.join(config.dataDir, 'server.json');
  fs.writeFileSync(runFile, `${JSON.stringify({ port, pid: process.pid })}\n`);
  console.log(`Kestrel listening on http://localhost:${port}/h5/ (data in ${config.dataDir}, market: ${ctx.market.source.name})`);

  let closing = false;
  const close = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    clearInterval(lockupTimer);
    clearInterval(ratesTimer);
    await io.close();
    await ctx.market.stop();
    await app.close();
    await ctx.db.destroy();
    fs.rmSync(runFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
}

await startServer();
