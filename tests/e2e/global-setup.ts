import { startServer } from './server';

/** The server every spec shares (simulated market), handed over through the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Recharges wait for the operator command, as in production; identity checks pass at once.
  const server = await startServer({ AUTO_APPROVE: 'identity' });
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_DATA_DIR'] = server.dataDir;
  return () => server.stop();
}
