import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createMessenger, outboxDir } from './outbox';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('e-mails land in DATA_DIR/outbox as RFC 5322 messages, SMS as text files', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-outbox-'));
  dirs.push(dataDir);
  const messenger = createMessenger({ dataDir, smtpUrl: null, mailFrom: 'Kestrel <no-reply@kestrel.local>' });
  await messenger.email({ to: 'ann@example.com', subject: '123456 是您的 Kestrel 验证码', text: 'Code: 123456' });
  await messenger.sms({ to: '+86 13800138000', text: '[Kestrel] 654321' });
  const files = fs.readdirSync(outboxDir(dataDir)).sort();
  expect(files.map((f) => path.extname(f)).sort()).toEqual(['.eml', '.sms']);
  const eml = fs.readFileSync(path.join(outboxDir(dataDir), files.find((f) => f.endsWith('.eml')) ?? ''), 'utf8');
  expect(eml).toMatch(/^From: Kestrel <no-reply@kestrel\.local>\r?$/m);
  expect(eml).toMatch(/^To: ann@example\.com\r?$/m);
  expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
  expect(eml).toMatch(/^Message-ID: <.+@kestrel\.local>\r?$/m);
  expect(eml).toMatch(/^Date: /m);
  expect(eml).toContain('Code: 123456');
  const sms = fs.readFileSync(path.join(outboxDir(dataDir), files.find((f) => f.endsWith('.sms')) ?? ''), 'utf8');
  expect(sms).toMatch(/^To: \+86 13800138000$/m);
  expect(sms).toContain('[Kestrel] 654321');
});
