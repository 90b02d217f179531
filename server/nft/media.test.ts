import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { operatorTokenFile } from '../operator/auth';
import { createHarness, multipartBody, type Harness } from '../testing/harness';
import { demoMedia, DEMO_IMAGES, wavHeader } from './demo-media';
import { mp4PictureSize, nftMediaDir } from './media';

/**
 * An artwork's media: checked by what the bytes are (never the name or declared type),
 * limited by kind, size and length, stored under /uploads/nft/ with a row in nft_media,
 * and served with its type, nosniff and byte ranges (audio and video seek on a phone).
 */
let h: Harness;
let user: string;
beforeEach(async () => {
  h = await createHarness();
  user = await h.registerUser('artist@example.com');
});
afterEach(async () => {
  await h.close();
});

interface Uploaded {
  media_id: number;
  path: string;
  type: string;
  mime: string;
  duration_ms: number | null;
}
type Answer = { type: 'ok'; message: Uploaded } | { type: 'error'; message: string };

const operatorToken = () => fs.readFileSync(operatorTokenFile(h.dataDir), 'utf8').trim();

async function upload(file: Parameters<typeof multipartBody>[0], as: { operator?: string; user?: string; lang?: string } = {}): Promise<Answer> {
  const body = multipartBody(file);
  const headers: Record<string, string> = { ...body.headers };
  if (as.user) headers['authorization'] = as.user;
  else headers['x-operator-token'] = as.operator ?? operatorToken();
  const response = await h.app.inject({ method: 'POST', url: `/api/operator/nft/upload${as.lang ? `?lang=${as.lang}` : ''}`, headers, payload: body.payload });
  expect(response.statusCode).toBe(200);
  return JSON.parse(decodeURIComponent(response.body)) as Answer;
}

async function uploaded(name: string, type: string, bytes: Buffer): Promise<Uploaded> {
  const answer = await upload({ name, type, bytes });
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message;
}

const mediaRow = (id: number) => h.ctx.db.selectFrom('nft_media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const storedFiles = () => (fs.existsSync(nftMediaDir(h.dataDir)) ? fs.readdirSync(nftMediaDir(h.dataDir)) : []);
const rows = async () => (await h.ctx.db.selectFrom('nft_media').select('id').execute()).length;
const fixture = (name: string) => fs.readFileSync(new URL(`./testdata/${name}`, import.meta.url));

/** Bytes that are nothing in particular, the same every run. */
function noise(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

/** A silent WAV of `seconds` (8-bit mono at 8 kHz: small for its length). */
function silence(seconds: number): Buffer {
  const data = Buffer.alloc(seconds * 8000, 128);
  return Buffer.concat([wavHeader(data.length, 8000, 1, 8), data]);
}

describe('an artwork media upload', () => {
  test('each demo medium is stored under its real kind, with its size and length, and served with its type and nosniff', async () => {
    const demo = await demoMedia();
    expect(demo.images).toHaveLength(DEMO_IMAGES);
    // Distinct artworks, each drawn the same every time.
    expect(new Set(demo.images.map((image) => image.toString('base64'))).size).toBe(DEMO_IMAGES);

    const cases = [
      { name: 'art.png', declared: 'image/png', bytes: demo.images[0], type: 'image', mime: 'image/png', ext: 'png', size: [800, 800] },
      { name: 'cover.png', declared: 'image/png', bytes: demo.audioCover, type: 'image', mime: 'image/png', ext: 'png', size: [800, 800] },
      { name: 'cover.png', declared: 'image/png', bytes: demo.videoCover, type: 'image', mime: 'image/png', ext: 'png', size: [800, 800] },
      { name: 'petals.gif', declared: 'image/gif', bytes: demo.gif, type: 'gif', mime: 'image/gif', ext: 'gif', size: [400, 400] },
      { name: 'melody.wav', declared: 'audio/wav', bytes: demo.audio, type: 'audio', mime: 'audio/wav', ext: 'wav', size: [null, null] },
      { name: 'clip.mp4', declared: 'video/mp4', bytes: demo.video, type: 'video', mime: 'video/mp4', ext: 'mp4', size: [320, 320] },
    ];
    for (const item of cases) {
      const media = await uploaded(item.name, item.declared, item.bytes ?? Buffer.alloc(0));
      expect(media).toMatchObject({ type: item.type, mime: item.mime });
      expect(media.path).toMatch(new RegExp(`^/uploads/nft/[0-9a-f]{32}\\.${item.ext}$`));
      const row = await mediaRow(media.media_id);
      expect(row).toMatchObject({ path: media.path, type: item.type, mime: item.mime, width: item.size[0], height: item.size[1], duration_ms: media.duration_ms });
      const served = await h.app.inject({ method: 'GET', url: media.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(item.mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.length).toBe(row.bytes);
      expect(fs.statSync(path.join(h.dataDir, media.path)).mode & 0o777).toBe(0o600);
    }

    const [audio, video] = await h.ctx.db.selectFrom('nft_media').select(['type', 'duration_ms']).where('type', 'in', ['audio', 'video']).orderBy('id').execute();
    // 16 notes of a quarter second and half a second of ringing; the clip is 3 s.
    expect(audio).toEqual({ type: 'audio', duration_ms: 4500 });
    expect(video?.duration_ms).toBeGreaterThanOrEqual(2900);
    expect(video?.duration_ms).toBeLessThanOrEqual(3100);
    // The GIF is still animated once cleaned, every frame kept.
    const gif = await h.ctx.db.selectFrom('nft_media').select('path').where('type', '=', 'gif').executeTakeFirstOrThrow();
    expect((await sharp(path.join(h.dataDir, gif.path)).metadata()).pages).toBe(24);
    // Each upload is audited under the operator's name.
    const audited = await h.ctx.db.selectFrom('operator_actions').select(['action', 'target']).where('action', '=', 'nft-upload').execute();
    expect(audited).toHaveLength(cases.length);
  });

  test.each([
    ['tone.mp3', 'audio', 'audio/mpeg', 'mp3', 1567],
    ['tone.ogg', 'audio', 'audio/ogg', 'ogg', 1500],
    ['tone.m4a', 'audio', 'audio/mp4', 'm4a', 1546],
    ['clip.webm', 'video', 'video/webm', 'webm', 1500],
  ])('%s is read by its content: %s, %s', async (name, type, mime, ext, duration) => {
    // Named and declared as something else altogether.
    const media = await uploaded('upload.bin', 'application/octet-stream', fixture(name));
    expect(media).toMatchObject({ type, mime, duration_ms: duration });
    expect(media.path.endsWith(`.${ext}`)).toBe(true);
    const served = await h.app.inject({ method: 'GET', url: media.path });
    expect(served.headers['content-type']).toBe(mime);
    if (ext === 'webm') expect(await mediaRow(media.media_id)).toMatchObject({ width: 64, height: 64 });
  });

  test('a PNG named .mp4 and declared a video is an image; an MP4 named .png is a video', async () => {
    const demo = await demoMedia();
    const image = await uploaded('clip.mp4', 'video/mp4', demo.images[1] ?? Buffer.alloc(0));
    expect(image).toMatchObject({ type: 'image', mime: 'image/png', duration_ms: null });
    expect(image.path.endsWith('.png')).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: image.path })).headers['content-type']).toBe('image/png');
    const video = await uploaded('art.png', 'image/png', demo.video);
    expect(video).toMatchObject({ type: 'video', mime: 'video/mp4' });
    expect(video.path.endsWith('.mp4')).toBe(true);
  });

  const unsupported = 'This file is not a supported image, GIF, audio or video.';
  test.each([
    ['random bytes', 'art.mp4', 'video/mp4', noise(64 * 1024), unsupported],
    ['a text file pretending to be an image', 'art.png', 'image/png', Buffer.from('hello, I am an image, honestly'), unsupported],
    ['HTML behind a PNG signature', 'art.png', 'image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]), unsupported],
    ['an SVG', 'art.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), unsupported],
    ['an empty file', 'art.png', 'image/png', Buffer.alloc(0), unsupported],
    [
      'an MP4 header over nothing',
      'clip.mp4',
      'video/mp4',
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), noise(4096)]),
      'The length of this audio or video cannot be read: the file may be damaged.',
    ],
    ['a WAV over 10 minutes', 'long.wav', 'audio/wav', silence(10 * 60 + 1), 'Audio and video can be at most 10 minutes long.'],
    ['audio over 15 MB', 'long.wav', 'audio/wav', silence(Math.ceil((15 * 1024 * 1024) / 8000) + 1), 'This file is larger than the 15 MB allowed for its kind.'],
    ['any file over 30 MB', 'clip.mp4', 'video/mp4', Buffer.alloc(30 * 1024 * 1024 + 1), 'This file is larger than the 30 MB allowed for its kind.'],
  ])('refuses %s, and stores nothing', async (_label, name, declared, bytes, message) => {
    expect(await upload({ name, type: declared, bytes })).toEqual({ type: 'error', message });
    expect(await rows()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  test('an image over 8 MB is refused by its size', async () => {
    // A real PNG: uncompressed noise of 1700x1700 pixels, some 8.3 MB.
    const big = await sharp({ create: { width: 1700, height: 1700, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(await upload({ name: 'art.png', type: 'image/png', bytes: big })).toEqual({ type: 'error', message: 'This file is larger than the 8 MB allowed for its kind.' });
    expect(await rows()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  test('a GIF with too many pixels in all its frames is refused by name, before it is decoded', async () => {
    // 45 frames of 1000x1000: 45 million pixels, each frame its own colour so none is merged.
    const frames = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 13) % 256 } } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(await upload({ name: 'long.gif', type: 'image/gif', bytes: gif })).toEqual({ type: 'error', message: 'This image is too large: at most 40 million pixels, all its frames together.' });
    expect(await rows()).toBe(0);
  });

  test('refusals are in the language asked, and a request without a file says so', async () => {
    expect(await upload({ name: 'a.png', type: 'image/png', bytes: Buffer.from('not an image') }, { lang: 'zh-cn' })).toEqual({ type: 'error', message: '此文件不是支持的图片、GIF、音频或视频。' });
    expect(await upload(null)).toEqual({ type: 'error', message: 'Please choose a file to upload.' });
    const demo = await demoMedia();
    expect(await upload({ name: 'a.png', type: 'image/png', bytes: demo.images[0] ?? Buffer.alloc(0), field: 'other' })).toEqual({ type: 'error', message: 'Please choose a file to upload.' });
    expect(await rows()).toBe(0);
  });

  test('only an operator uploads: not a user, not a made-up operator token', async () => {
    const demo = await demoMedia();
    const file = { name: 'art.png', type: 'image/png', bytes: demo.images[0] ?? Buffer.alloc(0) };
    expect(await upload(file, { user })).toEqual({ type: '999', message: 'This needs an operator.' });
    expect(await upload(file, { operator: 'A'.repeat(43) })).toEqual({ type: '999', message: 'This needs an operator.' });
    expect(await rows()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  test('audio and video are served in byte ranges, so a phone can seek', async () => {
    const demo = await demoMedia();
    const video = await uploaded('clip.mp4', 'video/mp4', demo.video);
    const part = await h.app.inject({ method: 'GET', url: video.path, headers: { range: 'bytes=1000-4999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['x-content-type-options']).toBe('nosniff');
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.headers['content-range']).toBe(`bytes 1000-4999/${demo.video.length}`);
    expect(part.rawPayload.equals(demo.video.subarray(1000, 5000))).toBe(true);
    // The end of the file, as a player asks for the index of a file that has it last.
    const tail = await h.app.inject({ method: 'GET', url: video.path, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(demo.video.subarray(demo.video.length - 100))).toBe(true);
    // Past the end: 416 and the file's length, nothing else.
    const past = await h.app.inject({ method: 'GET', url: video.path, headers: { range: `bytes=${demo.video.length + 10}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${demo.video.length}`);
    expect(past.body).toBe('');

    const audio = await uploaded('melody.wav', 'audio/wav', demo.audio);
    const sound = await h.app.inject({ method: 'GET', url: audio.path, headers: { range: 'bytes=44-143' } });
    expect(sound.statusCode).toBe(206);
    expect(sound.headers['content-type']).toBe('audio/wav');
    expect(sound.rawPayload.equals(demo.audio.subarray(44, 144))).toBe(true);
  });
});

describe('the demo media', () => {
  test('the shipped clip starts at once on a phone: its index before its data, a 320x320 picture', async () => {
    const { video } = await demoMedia();
    expect(video.length).toBeLessThan(200 * 1024);
    const top = [];
    for (let at = 0; at < video.length; at += video.readUInt32BE(at)) top.push(video.toString('latin1', at + 4, at + 8));
    expect(top.indexOf('moov')).toBeLessThan(top.indexOf('mdat'));
    expect(mp4PictureSize(video)).toEqual({ width: 320, height: 320 });
  });

  test('the melody is a PCM WAV with its 44-byte header', async () => {
    const { audio } = await demoMedia();
    expect(audio.toString('ascii', 0, 4)).toBe('RIFF');
    expect(audio.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(audio.readUInt32LE(40)).toBe(audio.length - 44);
  });
});
