/**
 * npm run operator -- <command>   (npm run operator -- help)
 * The operator's command line. It talks to the server running on this machine with the
 * local operator's token from DATA_DIR/operator.token (DATA_DIR defaults to ./data).
 */
import fs from 'node:fs';
import path from 'node:path';

const HELP = `Kestrel operator commands (DATA_DIR=${process.env['DATA_DIR'] ?? 'data'}):
  pending [--json]                        what waits for review
  approve-recharge <id>                   credit a recharge
  reject-recharge <id> <reason...>        refuse a recharge
  approve-withdrawal <id> [txid]          mark a withdrawal sent
  reject-withdrawal <id> <reason...>      refuse a withdrawal; the amount returns
  approve-identity <id>                   pass an identity submission
  reject-identity <id> <reason...>        refuse an identity submission
  adjust <uid> <currency> <amount> [--account legal|change|lever|micro] <reason...>
                                          adjust a balance (negative amounts debit)
  set-rate <CODE> <rate>                  set a fiat rate (units per US dollar)
  help                                    this list`;

const dataDir = path.resolve(process.env['DATA_DIR'] ?? 'data');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function call(pathName: string, method: 'GET' | 'POST', fields: Record<string, string> = {}): Promise<unknown> {
  const runFile = path.join(dataDir, 'server.json');
  if (!fs.existsSync(runFile)) fail(`No server is running with DATA_DIR=${dataDir} (no ${runFile}). Start it with npm start.`);
  const { port } = JSON.parse(fs.readFileSync(runFile, 'utf8')) as { port: number };
  const token = fs.readFileSync(path.join(dataDir, 'operator.token'), 'utf8').trim();
  const body = new URLSearchParams(fields);
  const url = `http://127.0.0.1:${port}/api${pathName}${method === 'GET' ? `?${body.toString()}` : ''}`;
  const response = await fetch(url, {
    method,
    headers: { 'X-Operator-Token': token, ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    ...(method === 'POST' ? { body } : {}),
  });
  const answer = (await response.json()) as { type: string; message: unknown };
  if (answer.type !== 'ok') fail(String(answer.message));
  return answer.message;
}

const [command, ...args] = process.argv.slice(2);
const id = (value: string | undefined) => (value && /^\d+$/.test(value) ? value : fail('an id is needed (see: npm run operator -- pending)'));
const reason = (words: string[]) => (words.length > 0 ? words.join(' ') : fail('a reason is needed'));

switch (command) {
  case undefined:
  case 'help':
    console.log(HELP);
    break;
  case 'pending': {
    const pending = (await call('/operator/pending', 'GET')) as Record<string, Record<string, unknown>[]>;
    if (args.includes('--json')) {
      console.log(JSON.stringify(pending));
      break;
    }
    for (const [kind, rows] of Object.entries(pending)) {
      console.log(`${kind} (${rows.length})`);
      if (rows.length > 0) console.table(rows.map((row) => ({ ...row, created_at: new Date(Number(row['created_at'])).toISOString() })));
    }
    break;
  }
  case 'approve-recharge':
    console.log(await call('/operator/recharge/approve', 'POST', { id: id(args[0]) }));
    break;
  case 'reject-recharge':
    console.log(await call('/operator/recharge/reject', 'POST', { id: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'approve-withdrawal':
    console.log(await call('/operator/withdrawal/approve', 'POST', { id: id(args[0]), ...(args[1] ? { txid: args[1] } : {}) }));
    break;
  case 'reject-withdrawal':
    console.log(await call('/operator/withdrawal/reject', 'POST', { id: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'approve-identity':
    console.log(await call('/operator/identity/approve', 'POST', { id: id(args[0]) }));
    break;
  case 'reject-identity':
    console.log(await call('/operator/identity/reject', 'POST', { id: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'adjust': {
    const [uid, currency, amount, ...rest] = args;
    let account: string | undefined;
    const at = rest.indexOf('--account');
    if (at >= 0) {
      account = rest[at + 1];
      rest.splice(at, 2);
    }
    if (!uid || !currency || !amount) fail('usage: adjust <uid> <currency> <amount> [--account change] <reason...>');
    console.log(await call('/operator/adjust', 'POST', { uid, currency: currency.toUpperCase(), amount, reason: reason(rest), ...(account ? { account } : {}) }));
    break;
  }
  case 'set-rate': {
    const [code, rate] = args;
    if (!code || !rate) fail('usage: set-rate <CODE> <rate>');
    console.log(await call('/operator/rate', 'POST', { code: code.toUpperCase(), rate }));
    break;
  }
  default:
    fail(`Unknown command "${command}".\n\n${HELP}`);
}
