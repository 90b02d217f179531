/**
 * npm run nft:verify -- <box id> [--url https://exchange.example]
 * Checks a blind box's fairness from what the exchange publishes (GET
 * /api/bind_box/getBoxDetail?mode=box): the seed against the commitment made before the
 * sale, then every opening against the item its number draws from the seed (the rule is
 * server/nft/fair.ts). Without --url it asks the server running with DATA_DIR (./data).
 * Exits 1 when anything does not match, 2 when the seed is not published yet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { commitmentOf, drawn } from '../server/nft/fair';

const args = process.argv.slice(2);
const id = Number(args[0]);
if (!Number.isInteger(id) || id < 1) {
  console.error('npm run nft:verify -- <box id> [--url https://exchange.example]');
  process.exit(2);
}
const urlAt = args.indexOf('--url');
const base =
  urlAt >= 0
    ? (args[urlAt + 1] ?? '')
    : (() => {
        const runFile = path.join(path.resolve(process.env['DATA_DIR'] ?? 'data'), 'server.json');
        if (!fs.existsSync(runFile)) {
          console.error(`No server is running with DATA_DIR (no ${runFile}): start one with npm start, or give --url.`);
          process.exit(2);
        }
        return `http://127.0.0.1:${(JSON.parse(fs.readFileSync(runFile, 'utf8')) as { port: number }).port}`;
      })();

interface Box {
  id: number;
  name: string;
  commitment: string;
  seed: string | null;
  contents: string[];
  sold: number;
  openings: { number: number; code: string }[];
}
const answer = (await (await fetch(`${base.replace(/\/$/, '')}/api/bind_box/getBoxDetail?id=${id}&mode=box`)).json()) as { type: string; message: { box: Box | null } | string };
if (answer.type !== 'ok' || typeof answer.message === 'string' || !answer.message.box) {
  console.error(`No blind box ${id}: ${typeof answer.message === 'string' ? answer.message : answer.type}`);
  process.exit(1);
}
const box = answer.message.box;
console.log(`Blind box ${box.id} "${box.name}": ${box.contents.length} items, ${box.sold} sold, ${box.openings.length} opened`);
console.log(`commitment ${box.commitment}`);
if (box.seed === null) {
  console.log('The seed is published when the sale ends or sells out: run this again then.');
  process.exit(2);
}
let failed = 0;
const computed = commitmentOf(box.seed, box.contents);
console.log(`seed       ${box.seed}`);
console.log(`sha256(seed:contents) ${computed === box.commitment ? 'matches the commitment' : `is ${computed}: DOES NOT MATCH`}`);
if (computed !== box.commitment) failed++;
for (const opening of box.openings) {
  const expected = drawn(box.seed, box.contents, opening.number);
  const ok = expected === opening.code;
  if (!ok) failed++;
  console.log(`box #${opening.number}: opened ${opening.code}, the seed draws ${expected} ${ok ? 'ok' : 'MISMATCH'}`);
}
console.log(failed === 0 ? 'Every opening follows from the published seed.' : `${failed} check(s) failed.`);
process.exit(failed === 0 ? 0 : 1);
