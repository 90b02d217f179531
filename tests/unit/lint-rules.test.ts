import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * The realm boundaries of eslint.config.js (ARCHITECTURE.md, "Realms") fire where they
 * must and stay quiet where an import is allowed: each snippet is linted as if it were
 * the named file. Type information is left out (the snippets are not on disk), so only
 * the syntactic rules run, which is all the boundaries are.
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
  });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

/** the file it stands for, the code, and `rule: the start of its message` (nothing for an allowed snippet) */
type Case = [file: string, code: string, message: string];

const IMPORT = 'no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';

const breaches: Case[] = [
  // contract/ imports only TypeBox, decimal.js, contract/ and locales/
  ['contract/probe.ts', "import Fastify from 'fastify';\nexport const f = Fastify;", `${IMPORT}: contract/ may import only`],
  ['contract/probe.ts', "import { x } from '../server/app';\nexport const y = x;", `${IMPORT}: contract/ may import only`],
  ['contract/api/probe.ts', "import { x } from '../../src/api/client';\nexport const y = x;", `${IMPORT}: contract/ may import only`],
  ['contract/api/probe.ts', "export const m = import('kysely');", `${SYNTAX}: contract/ may import only`],
  // socket.io-client only in worker/
  ['src/features/market/probe.ts', "import { io } from 'socket.io-client';\nexport const s = io;", `${IMPORT}: socket.io-client belongs to worker/`],
  ['server/realtime/probe.ts', "export { io } from 'socket.io-client';", `${IMPORT}: socket.io-client belongs to worker/`],
  // comlink only in worker/ and src/core/
  ['src/features/market/probe.tsx', "import { wrap } from 'comlink';\nexport const w = wrap;", `${IMPORT}: comlink belongs to worker/ and src/core/`],
  ['charts/probe.ts', "export const c = import('comlink');", `${SYNTAX}: comlink belongs to worker/ and src/core/`],
  // lightweight-charts only in charts/
  ['src/features/market/probe.tsx', "import { createChart } from 'lightweight-charts';\nexport const c = createChart;", `${IMPORT}: lightweight-charts belongs to charts/`],
  ['worker/probe.ts', "import type { IChartApi } from 'lightweight-charts';\nexport type C = IChartApi;", `${IMPORT}: lightweight-charts belongs to charts/`],
  // the app never imports the server
  ['src/features/market/probe.tsx', "import { buildApp } from '../../../server/app';\nexport const b = buildApp;", `${IMPORT}: the app (src/, worker/, charts/) must not import the server`],
  ['src/probe.ts', "export const m = import('../server/app');", `${SYNTAX}: the app (src/, worker/, charts/) must not import the server`],
  ['worker/probe.ts', "export type T = typeof import('../server/context');", `${SYNTAX}: the app (src/, worker/, charts/) must not import the server`],
  ['charts/probe.ts', "import type { Db } from '../server/db/database';\nexport type D = Db;", `${IMPORT}: the app (src/, worker/, charts/) must not import the server`],
  // the server never imports the app
  ['server/market/probe.ts', "import { request } from '../../src/api/client';\nexport const r = request;", `${IMPORT}: the server must not import the app`],
  ['server/probe.ts', "export * from '../worker/core';", `${IMPORT}: the server must not import the app`],
  ['server/market/probe.ts', "export const k = import('../../charts/kline');", `${SYNTAX}: the server must not import the app`],
  // no node: modules in browser code
  ['src/lib/probe.ts', "import fs from 'node:fs';\nexport const f = fs;", `${IMPORT}: node: modules do not run in the browser`],
  ['worker/probe.ts', "import { createHash } from 'node:crypto';\nexport const h = createHash;", `${IMPORT}: node: modules do not run in the browser`],
  ['charts/probe.ts', "export const p = import('node:path');", `${SYNTAX}: node: modules do not run in the browser`],
  // the operator console: browser code, the app's shared parts only, never the app's state; the app never imports it
  ['admin/probe.ts', "import { buildApp } from '../server/app';\nexport const b = buildApp;", `${IMPORT}: the operator console (admin/) must not import the server`],
  ['admin/queues/probe.ts', "import fs from 'node:fs';\nexport const f = fs;", `${IMPORT}: node: modules do not run in the browser`],
  ['admin/probe.ts', "import { api } from '../src/api/client';\nexport const a = api;", `${IMPORT}: the operator console (admin/) takes only the app's shared parts`],
  ['admin/queues/probe.tsx', "import { token } from '../../src/app/session';\nexport const t = token;", `${IMPORT}: the operator console (admin/) takes only the app's shared parts`],
  ['admin/probe.ts', "export const i = import('../src/i18n');", `${SYNTAX}: the operator console (admin/) takes only the app's shared parts`],
  ['src/features/probe.ts', "import { client } from '../../admin/api';\nexport const c = client;", `${IMPORT}: the app (src/, worker/, charts/) must not import the operator console`],
  ['server/probe.ts', "import { client } from '../admin/api';\nexport const c = client;", `${IMPORT}: the server must not import the app (src/, worker/, charts/) or the console`],
  // no React in the worker
  ['worker/probe.ts', "import { useState } from 'react';\nexport const u = useState;", `${IMPORT}: the worker has no React`],
  ['worker/probe.ts', "import { createRoot } from 'react-dom/client';\nexport const c = createRoot;", `${IMPORT}: the worker has no React`],
  ['worker/probe.ts', "import { signal } from '@preact/signals-react';\nexport const s = signal;", `${IMPORT}: the worker has no React`],
  ['worker/probe.ts', "export const r = import('react-virtuoso');", `${SYNTAX}: the worker has no React`],
  // no any, anywhere (tests too)
  ['server/probe.ts', 'export const a: any = 1;', '@typescript-eslint/no-explicit-any'],
  ['src/lib/probe.ts', 'export const a = [] as any[];', '@typescript-eslint/no-explicit-any'],
  ['server/market/probe.test.ts', 'export const a = 1 as any;', '@typescript-eslint/no-explicit-any'],
];

const allowed: Case[] = [
  [
    'contract/probe.ts',
    "import { Type } from '@sinclair/typebox';\nimport { Value } from '@sinclair/typebox/value';\nimport Decimal from 'decimal.js';\nimport { LANGUAGES } from './languages';\nimport en from '../locales/en/common.json';\nexport const all = [Type, Value, Decimal, LANGUAGES, en];",
    '',
  ],
  [
    'contract/api/probe.ts',
    "import { Money } from '../money';\nimport { endpoint } from './define';\nimport en from '../../locales/en/validation.json';\nexport const all = [Money, endpoint, en];",
    '',
  ],
  ['worker/probe.ts', "import { io } from 'socket.io-client';\nimport { expose } from 'comlink';\nimport { Money } from '../contract/money';\nexport const all = [io, expose, Money];", ''],
  ['src/core/probe.ts', "import { wrap } from 'comlink';\nimport type { CoreApi } from '../../contract/worker-api';\nexport const w = (port: Worker) => wrap<CoreApi>(port);", ''],
  ['src/core/deeper/probe.ts', "import { wrap } from 'comlink';\nexport const w = wrap;", ''],
  ['charts/probe.ts', "import { createChart } from 'lightweight-charts';\nexport const c = createChart;", ''],
  [
    'src/features/market/probe.tsx',
    "import { useState } from 'react';\nimport { signal } from '@preact/signals-react';\nimport { formatAmount } from '../../../contract/format';\nimport { drawKline } from '../../../charts/kline';\nexport const all = [useState, signal, formatAmount, drawKline];",
    '',
  ],
  ['server/market/probe.ts', "import fs from 'node:fs';\nimport { Server } from 'socket.io';\nimport { Money } from '../../contract/money';\nexport const all = [fs, Server, Money];", ''],
  [
    'admin/queues/probe.tsx',
    "import { useState } from 'react';\nimport { createClient } from '../../src/api/transport';\nimport { ToastHost } from '../../src/ui/toast';\nimport type { Pending } from '../../contract/api';\nimport en from '../../locales/en/admin.json';\nexport const all = [useState, createClient, ToastHost, en];\nexport type P = Pending;",
    '',
  ],
  // Test files and benchmarks drive every realm from outside.
  ['src/lib/probe.test.ts', "import fs from 'node:fs';\nimport { buildApp } from '../../server/app';\nexport const all = [fs, buildApp];", ''],
  ['worker/probe.test.ts', "import { createHarness } from '../server/testing/harness';\nimport { useState } from 'react';\nexport const all = [createHarness, useState];", ''],
  ['server/realtime/probe.test.ts', "import { io } from 'socket.io-client';\nimport { Core } from '../../worker/core';\nexport const all = [io, Core];", ''],
  [
    'bench/probe.ts',
    "import { Core } from '../worker/core';\nimport { io } from 'socket.io-client';\nimport { createHarness } from '../server/testing/harness';\nexport const all = [Core, io, createHarness];",
    '',
  ],
  // Tooling may use Node.
  ['scripts/probe.ts', "import fs from 'node:fs';\nimport { openDatabase } from '../server/db/database';\nexport const all = [fs, openDatabase];", ''],
];

describe('realm boundaries', () => {
  test.each(breaches)('%s: %s is refused', async (file, code, message) => {
    const found = await problems(file, code);
    const [rule = '', text = ''] = message.split(/: (.*)/s);
    expect(
      found.some((problem) => problem.startsWith(`${rule}: `) && problem.includes(text)),
      `expected "${message}" in ${JSON.stringify(found)}`,
    ).toBe(true);
  });

  test.each(allowed)('%s: %s is allowed', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
