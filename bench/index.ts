/**
 * npm run bench: prints figures for the hot paths. Figures compare changes on one
 * machine; targets are noted beside them, not enforced here.
 */
import { Bench } from 'tinybench';
import { preparePatchApply, SYMBOLS } from './patch-apply';
import { suites } from './suites';
import { measureHttp, printHttp } from './http';
import { measureMarketRate } from './market-rate';
import { measureMatching } from './matching';
import { measureStores } from './stores';
import { measurePipeline } from './worker-pipeline';

const format = (n: number) => Math.round(n).toLocaleString('en');

async function runSuite(title: string, cases: Record<string, () => void>): Promise<Bench> {
  const bench = new Bench({ time: 500, warmupTime: 100 });
  for (const [name, fn] of Object.entries(cases)) bench.add(name, fn);
  await bench.run();
  console.log(`\n${title}`);
  console.table(
    bench.tasks.map((task) => {
      const result = task.result;
      const mean = result && 'latency' in result ? result.latency.mean : Number.NaN;
      const p99 = result && 'latency' in result ? result.latency.p99 : Number.NaN;
      const ops = result && 'throughput' in result ? result.throughput.mean : Number.NaN;
      return { case: task.name, 'ops/s': format(ops), 'mean µs': (mean * 1000).toFixed(2), 'p99 µs': ((p99 ?? Number.NaN) * 1000).toFixed(2) };
    }),
  );
  return bench;
}

for (const suite of suites) await runSuite(suite.title, suite.cases);

const patch = await runSuite(`applying one frame's ticker patch for ${SYMBOLS} markets (target: under 0.5 ms)`, { [`applyPatch, ${SYMBOLS} markets`]: preparePatchApply() });
const patchResult = patch.tasks[0]?.result;
const patchMs = patchResult && 'latency' in patchResult ? patchResult.latency.mean : Number.NaN;

const pipeline = await measurePipeline();
console.log("\nworker pipeline: decode + merge into 8 periods + trade log + one patch per frame with the chart's indicators (target: 1,000,000 ticks/s)");
console.table([
  { measure: 'pipeline ticks/s', value: format(pipeline.pipelinePerSecond) },
  { measure: 'bare JSON.parse ticks/s (same text)', value: format(pipeline.jsonParsePerSecond) },
  { measure: 'pipeline / JSON.parse', value: `${((pipeline.pipelinePerSecond / pipeline.jsonParsePerSecond) * 100).toFixed(0)} %` },
  { measure: 'ticks', value: format(pipeline.ticks) },
  { measure: 'patches posted (last round)', value: format(pipeline.patches) },
]);
const matching = await measureMatching();
console.log('\nspot orders: the matching engine alone, and the whole path on a real server (HTTP, ledger in SQLite, book, socket push)');
console.table([
  { measure: `matching engine orders/s (${format(matching.engineOrders)} limit orders around the mid price)`, value: format(matching.engineOrdersPerSecond) },
  { measure: `server orders/s, one at a time (${format(matching.serverOrders)} orders)`, value: format(matching.serverOrdersPerSecond) },
  { measure: 'submit to socket push p50 ms', value: matching.latency.p50.toFixed(2) },
  { measure: 'submit to socket push p90 ms', value: matching.latency.p90.toFixed(2) },
  { measure: 'submit to socket push p99 ms (target: under 50 ms)', value: matching.latency.p99.toFixed(2) },
  { measure: 'submit to socket push max ms', value: matching.latency.max.toFixed(2) },
]);
const marketRates = [await measureMarketRate(200, 60), await measureMarketRate(20_000, 10)];
console.log(
  '\nthe server market as steps of the exchange (simulator, engine, books, settlement handlers, every channel built): simulated seconds per wall second (target: at least 1 at 20,000 trades/s)',
);
console.table(
  marketRates.map((figures) => ({
    'configured trades/s': format(figures.rate),
    'trades per simulated s': format(figures.tradesPerSimulatedSecond),
    'wall ms per simulated s': figures.wallMsPerSimulatedSecond.toFixed(1),
    'real-time factor': `${figures.realTimeFactor.toFixed(1)}x`,
    'channel messages': format(figures.messages),
  })),
);
const stores = await measureStores();
console.log('\nboth stores side by side: spot market orders through the engine with their settlement, and transfers between accounts, each a step of the exchange, one after another');
console.table(stores.map((figures) => ({ store: figures.store, 'orders/s (engine + settlement)': format(figures.ordersPerSecond), 'transfers/s (ledger)': format(figures.transfersPerSecond) })));
const fast = marketRates[1];
console.log(
  `\nsummary: pipeline ${format(pipeline.pipelinePerSecond)} ticks/s; patch apply ${patchMs.toFixed(3)} ms for ${SYMBOLS} markets; ` +
    `matching ${format(matching.engineOrdersPerSecond)} orders/s; submit-to-push p99 ${matching.latency.p99.toFixed(2)} ms; market at 20,000 trades/s ${fast ? fast.realTimeFactor.toFixed(1) : '?'}x real time; ` +
    stores.map((figures) => `${figures.store} ${format(figures.ordersPerSecond)} orders/s, ${format(figures.transfersPerSecond)} transfers/s`).join('; '),
);

// Last: the real server under autocannon, in processes of their own.
printHttp(await measureHttp());
