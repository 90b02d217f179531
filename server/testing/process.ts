import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { storeOf } from './store';

/**
 * The real server as a process, for the tests that need one (a crash, the operator's
 * command line, settings read at start): `node --import tsx server/main.ts`, the server
 * itself rather than tsx's launcher, which would leave it running when killed. It listens
 * on a free port of 127.0.0.1 with the given DATA_DIR, no app files, the demo off and a
 * short history, unless `env` says otherwise.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** how it ended */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (or the given signal) and its end, unless it has ended already */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function spawnServer(dataDir: string, env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, APP_DIR: path.join(dataDir, 'no-app'), DEMO: 'false', LOG_LEVEL: 'warn', MARKET_HISTORY: 'short', ...env },
  });
}

/** Starts it and waits until it listens (on the data directory's store: store.ts); what it printed is in the error when it ends first. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawnServer(dataDir, { ...(await storeOf(dataDir)).env, ...env });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return {
    child,
    port,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Waits until a started server's market is trading: the simulator's first quotes are in
 * BTC/USDT's book and a trade has printed (a few hundred ms after listening; longer on a
 * busy machine, and on a first start that writes the demo's data first).
 */
export async function marketReady(port: number, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = (await (await fetch(`http://127.0.0.1:${port}/api/market/depth?symbol=BTCUSDT`)).json()) as { type: string; message: { asks?: unknown[]; bids?: unknown[] } };
    const quotes = (await (await fetch(`http://127.0.0.1:${port}/api/currency/quotation_new`)).json()) as { message: { groups: { markets: { symbol: string; last: number }[] }[] } };
    const btc = quotes.message.groups.flatMap((group) => group.markets).find((market) => market.symbol === 'BTC/USDT');
    if (answer.type === 'ok' && (answer.message.asks?.length ?? 0) > 0 && (answer.message.bids?.length ?? 0) > 0 && (btc?.last ?? 0) > 0) return;
    if (Date.now() > until) throw new Error(`the market of the server on port ${port} did not start trading in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
