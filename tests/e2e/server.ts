import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the real server (built app included) on a free port with a fresh DATA_DIR.
 * Shared by global-setup (the simulator server every spec uses) and specs that need
 * their own (a replayed feed).
 */
export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

export async function startServer(env: Record<string, string> = {}, options: { app?: boolean } = {}): Promise<RunningServer> {
  const appDir = env['APP_DIR'] ?? path.join(root, 'dist/h5');
  // Without the app (the API alone, for a bench) no build is needed.
  if (options.app !== false && !fs.existsSync(path.join(appDir, 'index.html'))) throw new Error(`Build the app first: npm run build (no ${appDir}/index.html)`);
  const adminDir = env['ADMIN_DIR'] ?? path.join(root, 'dist/admin');
  if (options.app !== false && !fs.existsSync(path.join(adminDir, 'index.html'))) throw new Error(`Build the operator console first: npm run build (no ${adminDir}/index.html)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-e2e-'));
  const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MARKET_HISTORY: 'short',
      ...(options.app === false ? { APP_DIR: path.join(dataDir, 'no-app'), ADMIN_DIR: path.join(dataDir, 'no-admin') } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
