/**
 * Boundaries the compiler cannot see (ARCHITECTURE.md, "Realms"):
 * - contract/ imports nothing platform-specific (only TypeBox, decimal.js and itself);
 * - socket.io-client only in worker/; comlink only in worker/ and src/core/;
 *   lightweight-charts only in charts/;
 * - the app never imports the server and the server never imports the app;
 * - no `any` in domain code.
 * Test files and benchmarks may cross realms (they are tooling, typechecked by tsconfig.node.json).
 * Prints each breach and exits 1 if there is one.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const realms = ['contract', 'src', 'server', 'worker', 'charts', 'bench', 'tests', 'scripts'];

interface Rule {
  test: (file: string, specifier: string) => boolean;
  message: string;
}

const inRealm = (file: string, realm: string) => file.startsWith(`${realm}/`);
const resolves = (file: string, specifier: string, realm: string) =>
  specifier.startsWith('.') && path.relative(root, path.resolve(root, path.dirname(file), specifier)).startsWith(`${realm}/`);

const rules: Rule[] = [
  {
    message: 'contract/ may import only @sinclair/typebox, decimal.js and contract/',
    test: (file, spec) =>
      inRealm(file, 'contract') &&
      !spec.startsWith('@sinclair/typebox') &&
      spec !== 'decimal.js' &&
      !(spec.startsWith('.') && resolves(file, spec, 'contract')) &&
      !resolves(file, spec, 'locales'),
  },
  { message: 'socket.io-client belongs to worker/', test: (file, spec) => spec.startsWith('socket.io-client') && !inRealm(file, 'worker') },
  { message: 'comlink belongs to worker/ and src/core/', test: (file, spec) => spec === 'comlink' && !inRealm(file, 'worker') && !inRealm(file, 'src/core') },
  { message: 'lightweight-charts belongs to charts/', test: (file, spec) => spec.startsWith('lightweight-charts') && !inRealm(file, 'charts') },
  { message: 'the app must not import the server', test: (file, spec) => (inRealm(file, 'src') || inRealm(file, 'worker') || inRealm(file, 'charts')) && resolves(file, spec, 'server') },
  { message: 'the server must not import the app', test: (file, spec) => inRealm(file, 'server') && (resolves(file, spec, 'src') || resolves(file, spec, 'worker') || resolves(file, spec, 'charts')) },
  { message: 'node: modules do not run in the browser', test: (file, spec) => (inRealm(file, 'src') || inRealm(file, 'worker') || inRealm(file, 'charts')) && !/\.test\.tsx?$/.test(file) && spec.startsWith('node:') },
];

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.gen.ts')) {
      yield path.relative(root, full);
    }
  }
}

const importPattern = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const anyPattern = /(:\s*any\b|\bas\s+any\b|<any>|any\[\])/;

const breaches: string[] = [];
for (const realm of realms) {
  for (const file of sourceFiles(path.join(root, realm))) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    // Tests belong to the tooling realm: an integration test may join the realms it tests.
    // Tests and benchmarks drive every realm from outside, as a client or a server would.
    const isTest = /\.test\.tsx?$/.test(file) || file.startsWith('bench/');
    for (const match of isTest ? [] : text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      for (const rule of rules) if (rule.test(file, specifier)) breaches.push(`${file}: imports ${specifier}: ${rule.message}`);
    }
    if (file === 'scripts/lint.ts') continue;
    text.split('\n').forEach((line, index) => {
      if (anyPattern.test(line.replace(/\/\/.*$/, ''))) breaches.push(`${file}:${index + 1}: uses any`);
    });
  }
}

if (breaches.length > 0) {
  console.error(breaches.join('\n'));
  console.error(`\n${breaches.length} boundary breach(es).`);
  process.exit(1);
}
console.log('lint: realm boundaries and no-any hold');
