import { startServer } from './server';

/** The server every spec shares (simulated market), handed over through the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_DATA_DIR'] = server.dataDir;
  return () => server.stop();
}
