import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { ROOT } from '../testing/process';
import { databaseUrl } from '../testing/store';
import { fence, FencedOut, MarketClaims, raiseEpoch } from './claims';
import { until } from '../testing/until';

/**
 * PostgreSQL only: the markets' owners when the exchange runs as several processes
 * (server/cluster/claims.ts). A member is a real process where it matters (SIGKILL).
 */
let h: Harness;
let url: string;
let markets: number[];
const members: MarketClaims[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(async () => {
  h = await createHarness();
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(h.ctx.db)).rows[0]?.name ?? '';
  url = databaseUrl(name);
  markets = (await h.ctx.db.selectFrom('markets').select('id').orderBy('id').limit(6).execute()).map((row) => Number(row.id));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const member of members.splice(0)) await member.stop();
  await h.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A member in this process. */
function member(owner: string, lost: number[] = []): MarketClaims {
  const claims = new MarketClaims(h.ctx.db, { url, owner, markets, pollMs: 100, claimed: () => undefined, lost: (market) => void lost.push(market) });
  members.push(claims);
  return claims;
}

/** A member as a process of its own: what it owns, from what it printed. */
function memberProcess(owner: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/claimer.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, OWNER: owner, MARKETS: markets.join(',') } });
  children.push(child);
  const owned = new Map<number, number>();
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [what, market, epoch] = line.split(' ');
      if (what === 'claimed') owned.set(Number(market), Number(epoch));
      if (what === 'lost') owned.delete(Number(market));
    }
  });
  return { child, owned };
}

/** The claims of the members' markets (the test server's own engine has a claim on each market too, from its start). */
const table = async () =>
  new Map((await h.ctx.db.selectFrom('market_claims').selectAll().where('market_id', 'in', markets).execute()).map((row) => [Number(row.market_id), { epoch: Number(row.epoch), owner: row.owner }]));

/** Member a as a process of its own, alone at first, then member b in this process: each runs its share. */
async function twoMembers() {
  const a = memberProcess('member-a');
  await until(() => a.owned.size === 6);
  const b = member('member-b');
  await b.start();
  await until(() => a.owned.size === 3 && b.claims.size === 3);
  return { a, b };
}

test('members split the markets; a member killed with SIGKILL has its markets claimed by the other within 2 s, each at a higher epoch', async () => {
  // A second member: each runs its share, and no market has two owners.
  const { a, b } = await twoMembers();
  expect(new Set([...a.owned.keys(), ...b.claims.keys()]).size).toBe(6);
  const claims = await table();
  for (const [market, epoch] of a.owned) expect(claims.get(market)).toEqual({ epoch, owner: 'member-a' });
  for (const [market, epoch] of b.claims) expect(claims.get(market)).toEqual({ epoch, owner: 'member-b' });

  const before = new Map(a.owned);
  a.child.kill('SIGKILL');
  const killed = Date.now();
  await until(() => b.claims.size === 6);
  expect(Date.now() - killed).toBeLessThan(2_000);
  for (const [market, epoch] of before) expect(b.claims.get(market)).toBeGreaterThan(epoch);
  expect([...(await table()).values()].every((claim) => claim.owner === 'member-b')).toBe(true);
});

test("a step of a process that lost its market is refused, and a takeover waits for the old owner's step in progress", async () => {
  const b = member('member-b');
  await b.start();
  const market = markets[0] ?? 0;
  const epoch = b.claims.get(market) ?? 0;
  expect(epoch).toBeGreaterThan(0);

  // A step in progress of the owner, past its fence.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let fenced = false;
  const step = h.ctx.db.transaction().execute(async (trx) => {
    await fence(trx, market, epoch);
    fenced = true;
    await gate;
  });
  await until(() => fenced);
  let takenAt: number | null = null;
  const takeover = raiseEpoch(h.ctx.db, market, 'member-c', 0).then((next) => {
    takenAt = Date.now();
    return next;
  });
  await sleep(300);
  expect(takenAt).toBeNull();
  release();
  await step;
  expect(await takeover).toBe(epoch + 1);

  // The old owner's next step is refused; the new owner's passes.
  await expect(h.ctx.db.transaction().execute((trx) => fence(trx, market, epoch))).rejects.toBeInstanceOf(FencedOut);
  await h.ctx.db.transaction().execute((trx) => fence(trx, market, epoch + 1));
});

test('a member whose database session is cut stops writing every market at once, then joins again and claims them at higher epochs', async () => {
  const lost: number[] = [];
  const b = member('member-b', lost);
  await b.start();
  const before = new Map(b.claims);
  expect(before.size).toBe(6);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', ['member-b']);
  } finally {
    await admin.end();
  }
  await until(() => lost.length === 6);
  expect(lost.sort((x, y) => x - y)).toEqual([...markets].sort((x, y) => x - y));
  await until(() => b.claims.size === 6);
  for (const [market, epoch] of before) expect(b.claims.get(market)).toBeGreaterThan(epoch);
});

test('a member that hangs with its connection open (SIGSTOP) has its session ended and its markets claimed within 4 s; woken, it writes nothing and joins again', async () => {
  const { a, b } = await twoMembers();
  const before = new Map(a.owned);

  a.child.kill('SIGSTOP');
  const stopped = Date.now();
  await until(() => b.claims.size === 6);
  expect(Date.now() - stopped).toBeLessThan(4_000);
  for (const [market, epoch] of before) expect(b.claims.get(market)).toBeGreaterThan(epoch);
  const whileHung = new Map(b.claims);

  // Woken, it finds its session gone: it stops writing what it held, then takes its share again.
  a.child.kill('SIGCONT');
  await until(() => a.owned.size === 3 && b.claims.size === 3);
  for (const [market, epoch] of a.owned) expect(epoch).toBeGreaterThan(whileHung.get(market) ?? Infinity);
});
