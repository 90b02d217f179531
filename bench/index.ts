/**
 * npm run bench: runs every suite in bench/ and prints a table per suite.
 * Figures are for comparing changes on one machine, not pass/fail checks.
 */
import { Bench } from 'tinybench';
import { suites } from './suites';

for (const suite of suites) {
  const bench = new Bench({ time: 500, warmupTime: 100 });
  for (const [name, fn] of Object.entries(suite.cases)) bench.add(name, fn);
  await bench.run();
  console.log(`\n${suite.title}`);
  console.table(
    bench.tasks.map((task) => {
      const result = task.result;
      const mean = result && 'latency' in result ? result.latency.mean : Number.NaN;
      const ops = result && 'throughput' in result ? result.throughput.mean : Number.NaN;
      return { case: task.name, 'ops/s': Math.round(ops).toLocaleString('en'), 'mean µs': (mean * 1000).toFixed(2) };
    }),
  );
}
