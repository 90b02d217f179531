import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './server';
import { DEVICE_STATE } from './device';

/** The server every spec shares (simulated market), handed over through the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Recharges and identity checks wait for the operator command, as in production. Every
  // spec asks for its codes from 127.0.0.1: the whole run gets the codes a busy NAT would.
  const server = await startServer({ AUTO_APPROVE: 'none', CODES_PER_IP: '200' });
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_DATA_DIR'] = server.dataDir;
  // Specs run on a phone that has already seen the seeded pop-up notice (it shows once
  // per device); the content spec starts from a new phone to see it.
  const notice = (await (await fetch(`${server.url}/api/news/index_pop`)).json()) as { message: { id: number } | null };
  const origin = new URL(server.url).origin;
  const localStorage = [{ name: 'h5Version', value: '1' }, ...(notice.message ? [{ name: 'noticeSeen', value: String(notice.message.id) }] : [])];
  fs.mkdirSync(path.dirname(DEVICE_STATE), { recursive: true });
  fs.writeFileSync(DEVICE_STATE, JSON.stringify({ cookies: [], origins: [{ origin, localStorage }] }));
  return () => server.stop();
}
