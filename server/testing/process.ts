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
