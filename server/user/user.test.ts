import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { UPLOADS_PER_HOUR } from '../security/rate-limit';
import { createHarness, multipartBody, type Harness } from '../testing/harness';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await createHarness();
  token = await h.registerUser('amy@example.com');
});
afterEach(async () => {
  await h.close();
});

async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 160, b: 60 } } })
    .png()
    .toBuffer();
}

async function upload(file: Parameters<typeof multipartBody>[0], as: string | null = token, query = '') {
  const body = multipartBody(file);
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/upload${query}`,
    headers: { ...body.headers, ...(as ? { authorization: as } : {}) },
    payload: body.payload,
  });
  return { status: response.statusCode, type: response.headers['content-type'], answer: JSON.parse(decodeURIComponent(response.body)) as { type: string; message: string } };
}

describe('GET /user/info', () => {
  test('answers the caller and no one else', async () => {
    const other = await h.registerUser('ben@example.com');
    const mine = await h.call(endpoints.userInfo, {}, { token });
    const theirs = await h.call(endpoints.userInfo, {}, { token: other });
    expect(mine).toMatchObject({ type: 'ok', message: { email: 'amy@example.com' } });
    expect(theirs).toMatchObject({ type: 'ok', message: { email: 'ben@example.com' } });
    expect(JSON.stringify(mine)).not.toMatch(/hash|argon/);
  });

  test('without a token, or with a made-up one, the session has ended (999)', async () => {
    expect(await h.call(endpoints.userInfo, {})).toEqual({ type: '999', message: 'Your session has ended. Please log in again.' });
    expect((await h.call(endpoints.userInfo, {}, { token: 'A'.repeat(43) })).type).toBe('999');
    expect((await h.call(endpoints.userInfo, {}, { token: 'not a token' })).type).toBe('999');
  });
});

describe('POST /user/editNickname', () => {
  test('saves the nickname and signature in any script', async () => {
    expect(await h.call(endpoints.editNickname, { nickname: '小明Trader', signature: 'Hodl and chill' }, { token })).toEqual({
      type: 'ok',
      message: 'Your profile has been saved.',
    });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { nickname: '小明Trader', signature: 'Hodl and chill' } });
    await h.call(endpoints.editNickname, { nickname: 'สมชาย' }, { token });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { nickname: 'สมชาย', signature: 'Hodl and chill' } });
  });

  test.each([
    ['a', 'The nickname is 2 to 10 letters or digits, without special characters.'],
    ['elevenchars', 'The nickname is 2 to 10 letters or digits, without special characters.'],
    ['<script>', 'The nickname is 2 to 10 letters or digits, without special characters.'],
    ['two words', 'The nickname is 2 to 10 letters or digits, without special characters.'],
    ['x'.repeat(200), 'Nickname is too long (at most 40 characters).'],
  ])('refuses the nickname %j', async (nickname, message) => {
    expect(await h.call(endpoints.editNickname, { nickname }, { token })).toEqual({ type: 'error', message });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { nickname: expect.stringMatching(/^u\d{8}$/) } });
  });

  test('an empty signature clears it; leaving it out keeps it', async () => {
    await h.call(endpoints.editNickname, { nickname: 'Amy', signature: 'Long only' }, { token });
    await h.call(endpoints.editNickname, { nickname: 'Amy2' }, { token });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { nickname: 'Amy2', signature: 'Long only' } });
    expect((await h.call(endpoints.editNickname, { nickname: 'Amy2', signature: '' }, { token })).type).toBe('ok');
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { signature: '' } });
  });

  test("one user's token edits only that user's profile", async () => {
    const other = await h.registerUser('other@example.com');
    await h.call(endpoints.editNickname, { nickname: 'Intruder' }, { token: other });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { nickname: expect.stringMatching(/^u\d{8}$/) } });
    expect(await h.call(endpoints.userInfo, {}, { token: other })).toMatchObject({ message: { nickname: 'Intruder' } });
  });

  test('refuses a signature with symbols or over 30 characters', async () => {
    const bad = await h.call(endpoints.editNickname, { nickname: 'Amy', signature: 'buy!!!' }, { token });
    expect(bad.message).toBe('The signature is 2 to 30 letters or digits, without special characters.');
    const long = await h.call(endpoints.editNickname, { nickname: 'Amy', signature: 'a'.repeat(31) }, { token });
    expect(long.type).toBe('error');
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { signature: '' } });
  });

  test('needs a session', async () => {
    expect((await h.call(endpoints.editNickname, { nickname: 'Amy' })).type).toBe('999');
  });
});

describe('POST /upload and /user/uploadHeadPortrait', () => {
  test('an image is stored under a random name and served as an image with nosniff', async () => {
    const { status, type, answer } = await upload({ name: 'me.png', type: 'image/png', bytes: await png() });
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(answer.type).toBe('ok');
    expect(answer.message).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(h.dataDir, answer.message))).toBe(true);

    const served = await h.app.inject({ method: 'GET', url: answer.message });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  test('metadata such as GPS position is removed', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'GPS 51.5N' } })
      .toBuffer();
    expect(jpeg.includes('Secret Person')).toBe(true);
    const { answer } = await upload({ name: 'photo.jpg', type: 'image/jpeg', bytes: jpeg });
    const stored = fs.readFileSync(path.join(h.dataDir, answer.message));
    expect(stored.includes('Secret Person')).toBe(false);
  });

  test.each([
    ['a text file', Buffer.from('hello, I am not an image')],
    ['HTML with a PNG header', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')])],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ])('refuses %s, whatever it claims to be', async (_label, bytes) => {
    const { answer } = await upload({ name: 'x.png', type: 'image/png', bytes });
    expect(answer).toEqual({ type: 'error', message: 'Only PNG, JPEG, GIF or WebP images can be uploaded.' });
    expect(fs.readdirSync(path.join(h.dataDir, 'uploads'))).toEqual([]);
  });

  test('refuses files over 5 MB and requests without a file, in the language asked', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    expect((await upload({ name: 'big.png', type: 'image/png', bytes: big })).answer).toEqual({
      type: 'error',
      message: 'The image is larger than 5 MB.',
    });
    expect((await upload(null)).answer.message).toBe('Please choose an image to upload.');
    expect((await upload({ name: 'a.png', type: 'image/png', bytes: await png(), field: 'other' })).answer.type).toBe('error');
    const en = (await upload(null, token, '?lang=en')).answer.message;
    const zh = (await upload(null, token, '?lang=zh-cn')).answer.message;
    expect(zh).not.toBe(en);
  });

  test(`each user may upload ${UPLOADS_PER_HOUR} files an hour; others are not held back`, async () => {
    const bytes = await png(8, 8);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await upload({ name: 'a.png', type: 'image/png', bytes })).answer.type).toBe('ok');
    expect((await upload({ name: 'a.png', type: 'image/png', bytes })).answer).toEqual({
      type: 'error',
      message: 'Too many uploads. Please try again later.',
    });
    const other = await h.registerUser('dee@example.com');
    expect((await upload({ name: 'a.png', type: 'image/png', bytes }, other)).answer.type).toBe('ok');
    h.advance(60 * 60_000);
    expect((await upload({ name: 'a.png', type: 'image/png', bytes })).answer.type).toBe('ok');
  });

  test('needs a session', async () => {
    const { answer } = await upload({ name: 'me.png', type: 'image/png', bytes: await png() }, null);
    expect(answer.type).toBe('999');
  });

  test('the avatar must be an upload of the same user', async () => {
    const { answer } = await upload({ name: 'me.png', type: 'image/png', bytes: await png() });
    const other = await h.registerUser('cal@example.com');
    expect(await h.call(endpoints.uploadHeadPortrait, { head_portrait: answer.message }, { token: other })).toEqual({
      type: 'error',
      message: 'Please use an image you uploaded yourself.',
    });
    expect(await h.call(endpoints.uploadHeadPortrait, { head_portrait: 'https://evil.example/x.png' }, { token })).toEqual({
      type: 'error',
      message: 'Please upload the image again.',
    });
    expect(await h.call(endpoints.uploadHeadPortrait, { head_portrait: answer.message }, { token })).toEqual({
      type: 'ok',
      message: 'Your avatar has been updated.',
    });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { head_portrait: answer.message } });
    expect(await h.call(endpoints.userInfo, {}, { token: other })).toMatchObject({ message: { head_portrait: '' } });
  });
});
