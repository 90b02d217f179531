import fs from 'node:fs/promises';
import sharp from 'sharp';

/**
 * The demo's artworks, made on this machine without the network: generative images drawn
 * by the server (SVG rendered by sharp, the same for every run: each from its own seed),
 * an animated GIF, a short melody written as a WAV by hand, and one tiny video shipped in
 * the repository (demo/clip.mp4: 3 s, 320x320, H.264 constrained baseline, yuv420p, AAC,
 * moov first, so a phone starts it at once), with a cover image for the audio and the video.
 */
export interface DemoMedia {
  /** distinct 800x800 PNG artworks */
  images: Buffer[];
  /** an animated GIF (400x400, looping) */
  gif: Buffer;
  /** a WAV melody, 16-bit mono PCM */
  audio: Buffer;
  /** an MP4 video */
  video: Buffer;
  audioCover: Buffer;
  videoCover: Buffer;
}

const SIZE = 800;
const CLIP = new URL('./demo/clip.mp4', import.meta.url);

/** A small seeded generator (mulberry32): the same seed draws the same artwork. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES: readonly (readonly string[])[] = [
  ['#0b1d3a', '#1f4e79', '#f2a541', '#f3ca40', '#e9eef2'],
  ['#2b0f3a', '#6a1b9a', '#ec407a', '#ffb74d', '#fff3e0'],
  ['#08252b', '#0f5257', '#3fb28f', '#c7f0bd', '#f6f7eb'],
  ['#1a1a1d', '#4e4e50', '#c3073f', '#ff6f59', '#f5f5f5'],
  ['#102542', '#f87060', '#cdd7d6', '#b3a394', '#ffffff'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#03071e', '#6a040f', '#dc2f02', '#f48c06', '#ffba08'],
  ['#011627', '#2ec4b6', '#e71d36', '#ff9f1c', '#fdfffc'],
];

interface Pen {
  random: () => number;
  colours: readonly string[];
  pick: () => string;
  between: (low: number, high: number) => number;
}

function penFor(seed: number, palette: number): Pen {
  const random = randomFrom(seed);
  const colours = PALETTES[palette % PALETTES.length] ?? [];
  const between = (low: number, high: number) => low + random() * (high - low);
  return { random, colours, between, pick: () => colours[1 + Math.floor(random() * (colours.length - 1))] ?? '#ffffff' };
}

const svg = (size: number, body: string, background: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${background}"/>${body}</svg>`);

const f = (value: number) => value.toFixed(1);

/** Rings around centres off the middle, crossing one another. */
function orbits(pen: Pen): string {
  let body = '';
  for (let centre = 0; centre < 3; centre++) {
    const x = pen.between(150, 650);
    const y = pen.between(150, 650);
    for (let ring = 0; ring < 9; ring++) {
      body += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(30 + ring * pen.between(22, 40))}" fill="none" stroke="${pen.pick()}" stroke-width="${f(pen.between(3, 18))}" stroke-opacity="${f(pen.between(0.5, 1))}"/>`;
    }
  }
  return body;
}

/** A grid of triangles, each square cut along one diagonal. */
function mosaic(pen: Pen): string {
  const cells = 8;
  const step = SIZE / cells;
  let body = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * step;
      const y = row * step;
      const [a, b] =
        pen.random() < 0.5
          ? [`${x},${y} ${x + step},${y} ${x},${y + step}`, `${x + step},${y} ${x + step},${y + step} ${x},${y + step}`]
          : [`${x},${y} ${x + step},${y} ${x + step},${y + step}`, `${x},${y} ${x + step},${y + step} ${x},${y + step}`];
      body += `<polygon points="${a}" fill="${pen.pick()}"/><polygon points="${b}" fill="${pen.pick()}"/>`;
    }
  }
  return body;
}

/** Bands of waves, one over the other. */
function waves(pen: Pen): string {
  let body = '';
  for (let band = 0; band < 9; band++) {
    const base = 120 + band * 75;
    const amplitude = pen.between(15, 60);
    const length = pen.between(120, 320);
    const phase = pen.between(0, Math.PI * 2);
    let d = `M0,${SIZE}`;
    for (let x = 0; x <= SIZE; x += 10) d += ` L${x},${f(base + amplitude * Math.sin((x / length) * Math.PI * 2 + phase))}`;
    body += `<path d="${d} L${SIZE},${SIZE} Z" fill="${pen.pick()}" fill-opacity="0.9"/>`;
  }
  return body;
}

/** Tiles of quarter and half circles. */
function bauhaus(pen: Pen): string {
  const cells = 5;
  const step = SIZE / cells;
  let body = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * step;
      const y = row * step;
      body += `<rect x="${x}" y="${y}" width="${step}" height="${step}" fill="${pen.pick()}"/>`;
      if (pen.random() < 0.7) {
        // A quarter of a circle from one corner of the tile, cut to the tile.
        const corner = Math.floor(pen.random() * 4);
        const cx = corner === 1 || corner === 2 ? x + step : x;
        const cy = corner >= 2 ? y + step : y;
        body += `<clipPath id="tile${row}-${col}"><rect x="${x}" y="${y}" width="${step}" height="${step}"/></clipPath>`;
        body += `<circle cx="${cx}" cy="${cy}" r="${step}" fill="${pen.pick()}" clip-path="url(#tile${row}-${col})"/>`;
      } else {
        body += `<circle cx="${x + step / 2}" cy="${y + step / 2}" r="${f(step * 0.35)}" fill="${pen.pick()}"/>`;
      }
    }
  }
  return body;
}

/** A sun over striped hills. */
function sunset(pen: Pen): string {
  const [sky, , sun] = [pen.pick(), pen.pick(), pen.pick()];
  let body = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${pen.pick()}"/></linearGradient></defs><rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/>`;
  body += `<circle cx="${f(pen.between(250, 550))}" cy="${f(pen.between(250, 380))}" r="${f(pen.between(110, 180))}" fill="${sun}"/>`;
  for (let hill = 0; hill < 4; hill++) {
    const top = 430 + hill * 90;
    let d = `M0,${SIZE}`;
    for (let x = 0; x <= SIZE; x += 100) d += ` L${x},${f(top + pen.between(-60, 40))}`;
    body += `<path d="${d} L${SIZE},${SIZE} Z" fill="${pen.pick()}"/>`;
  }
  return body;
}

/** Overlapping translucent bubbles. */
function bubbles(pen: Pen): string {
  let body = '';
  for (let bubble = 0; bubble < 70; bubble++) {
    body += `<circle cx="${f(pen.between(0, SIZE))}" cy="${f(pen.between(0, SIZE))}" r="${f(pen.between(12, 120))}" fill="${pen.pick()}" fill-opacity="${f(pen.between(0.35, 0.85))}"/>`;
  }
  return body;
}

const STYLES = [orbits, mosaic, waves, bauhaus, sunset, bubbles] as const;

/** One generative artwork: its style and palette from the seed. */
export async function artwork(seed: number, style: number = seed): Promise<Buffer> {
  const pen = penFor(seed * 7919 + 17, seed);
  const draw = STYLES[style % STYLES.length] ?? orbits;
  return sharp(svg(SIZE, draw(pen), pen.colours[0] ?? '#000000'))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A looping GIF: petals turning around a centre, and their colours with them. */
async function animatedGif(): Promise<Buffer> {
  const size = 400;
  const frames = 24;
  const pen = penFor(4242, 7);
  const colours = pen.colours;
  const images: Buffer[] = [];
  for (let frame = 0; frame < frames; frame++) {
    const turn = (frame / frames) * 360;
    let body = '';
    for (let petal = 0; petal < 12; petal++) {
      const colour = colours[1 + ((petal + frame) % (colours.length - 1))] ?? '#ffffff';
      body += `<ellipse cx="200" cy="110" rx="34" ry="86" fill="${colour}" fill-opacity="0.85" transform="rotate(${f(turn / 2 + petal * 30)} 200 200)"/>`;
    }
    body += `<circle cx="200" cy="200" r="${f(36 + 10 * Math.sin((frame / frames) * Math.PI * 2))}" fill="${colours[4] ?? '#ffffff'}"/>`;
    images.push(svg(size, body, colours[0] ?? '#000000'));
  }
  return sharp(images, { join: { animated: true } })
    .gif({ delay: Array.from({ length: frames }, () => 80), loop: 0, effort: 7 })
    .toBuffer();
}

const SAMPLE_RATE = 22_050;

/** A few seconds of a simple melody (a pentatonic tune with a soft bell's envelope) as 16-bit mono PCM in a WAV. */
export function melodyWav(): Buffer {
  // A major pentatonic, as semitones above A4 (440 Hz).
  const tune = [0, 4, 7, 9, 12, 9, 7, 4, 2, 4, 7, 12, 14, 12, 9, 7];
  const note = 0.25;
  const samples = Math.round(tune.length * note * SAMPLE_RATE + SAMPLE_RATE * 0.5);
  const pcm = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index++) {
    const time = index / SAMPLE_RATE;
    let value = 0;
    // Each note rings on into the next one, fading.
    for (let step = 0; step < tune.length; step++) {
      const since = time - step * note;
      if (since < 0 || since > 0.8) continue;
      const frequency = 440 * 2 ** ((tune[step] ?? 0) / 12);
      const envelope = Math.min(1, since / 0.01) * Math.exp(-since * 5);
      value += envelope * (Math.sin(2 * Math.PI * frequency * since) + 0.3 * Math.sin(4 * Math.PI * frequency * since));
    }
    pcm.writeInt16LE(Math.max(-32767, Math.min(32767, Math.round(value * 0.3 * 32767))), index * 2);
  }
  return Buffer.concat([wavHeader(pcm.length, SAMPLE_RATE, 1, 16), pcm]);
}

/** The 44-byte header of a PCM WAV file (RIFF, "fmt " and "data" chunks). */
export function wavHeader(dataBytes: number, sampleRate: number, channels: number, bitsPerSample: number): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The audio's cover: a record with sound bars around it. */
async function audioCover(): Promise<Buffer> {
  const pen = penFor(777, 1);
  let body = '';
  for (let bar = 0; bar < 60; bar++) {
    const length = 40 + 60 * Math.abs(Math.sin(bar * 0.7)) + pen.between(0, 30);
    body += `<rect x="397" y="${f(400 - 300 - length)}" width="6" height="${f(length)}" rx="3" fill="${pen.pick()}" transform="rotate(${bar * 6} 400 400)"/>`;
  }
  body += `<circle cx="400" cy="400" r="280" fill="#111111"/>`;
  for (let groove = 0; groove < 12; groove++) body += `<circle cx="400" cy="400" r="${150 + groove * 10}" fill="none" stroke="#2a2a2a" stroke-width="2"/>`;
  body += `<circle cx="400" cy="400" r="100" fill="${pen.pick()}"/><circle cx="400" cy="400" r="12" fill="#111111"/>`;
  return sharp(svg(SIZE, body, pen.colours[0] ?? '#000000'))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The video's cover: the clip's colours behind a play button. */
async function videoCover(): Promise<Buffer> {
  const body =
    `<defs><radialGradient id="g" cx="0.5" cy="0.5" r="0.7"><stop offset="0" stop-color="#3b6fe0"/><stop offset="0.5" stop-color="#8e3bd6"/><stop offset="1" stop-color="#1b1446"/></radialGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>` +
    `<circle cx="400" cy="400" r="130" fill="#ffffff" fill-opacity="0.9"/><polygon points="360,320 360,480 490,400" fill="#1b1446"/>`;
  return sharp(svg(SIZE, body, '#1b1446'))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** How many generative images the demo has. */
export const DEMO_IMAGES = 6;

let made: Promise<DemoMedia> | undefined;

/** The demo's media, made once per process. */
export function demoMedia(): Promise<DemoMedia> {
  made ??= (async () => ({
    images: await Promise.all(Array.from({ length: DEMO_IMAGES }, (_, index) => artwork(index + 1, index))),
    gif: await animatedGif(),
    audio: melodyWav(),
    video: await fs.readFile(CLIP),
    audioCover: await audioCover(),
    videoCover: await videoCover(),
  }))();
  return made;
}
