import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer, type IAudioMetadata } from 'music-metadata';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../db/database';
import type { NftMediaType } from '../db/schema';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir';
import { ApiError } from '../http/errors';
import { newFileName } from '../security/tokens';
import { cleanImage, MAX_PIXELS } from '../uploads/images';
import { uploadsDir } from '../uploads/routes';

/**
 * An artwork's media, checked by what the bytes are, never by the file's name or the type
 * its sender declared: the format from the content (file-type), images and GIFs decoded
 * and written out again by the uploads' image path (sharp: metadata removed), audio and
 * video parsed for their length (music-metadata). Each kind has its own size limit.
 */
const MB = 1024 * 1024;
export const MAX_IMAGE_BYTES = 8 * MB;
export const MAX_GIF_BYTES = 10 * MB;
export const MAX_AUDIO_BYTES = 15 * MB;
export const MAX_VIDEO_BYTES = 30 * MB;
/** The largest upload of any kind: what the multipart reader accepts at all. */
export const MAX_MEDIA_BYTES = MAX_VIDEO_BYTES;
/** The longest audio or video. */
export const MAX_MEDIA_DURATION_MS = 10 * 60 * 1000;

export const MAX_MEDIA_SIZE: Record<NftMediaType, number> = {
  image: MAX_IMAGE_BYTES,
  gif: MAX_GIF_BYTES,
  audio: MAX_AUDIO_BYTES,
  video: MAX_VIDEO_BYTES,
};

/** Each accepted format: its kind, the extension it is stored under and the MIME type it is served with (by that extension). */
const FORMATS = {
  png: { type: 'image', mime: 'image/png' },
  jpg: { type: 'image', mime: 'image/jpeg' },
  webp: { type: 'image', mime: 'image/webp' },
  gif: { type: 'gif', mime: 'image/gif' },
  mp3: { type: 'audio', mime: 'audio/mpeg' },
  wav: { type: 'audio', mime: 'audio/wav' },
  ogg: { type: 'audio', mime: 'audio/ogg' },
  m4a: { type: 'audio', mime: 'audio/mp4' },
  mp4: { type: 'video', mime: 'video/mp4' },
  webm: { type: 'video', mime: 'video/webm' },
} as const satisfies Record<string, { type: NftMediaType; mime: string }>;

export type MediaExtension = keyof typeof FORMATS;

/** What file-type names a format (by its content), as the format stored: Ogg with Opus inside is an .ogg too. */
const DETECTED: Record<string, MediaExtension> = {
  png: 'png',
  jpg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  mp3: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  opus: 'ogg',
  m4a: 'm4a',
  mp4: 'mp4',
  webm: 'webm',
};

export interface CheckedMedia {
  type: NftMediaType;
  mime: string;
  ext: MediaExtension;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  /** what is stored: an image as the decoder wrote it out again, audio and video as sent */
  bytes: Buffer;
}

const notSupported = () => new ApiError('server:errors.nft_media_type');

function checkSize(type: NftMediaType, bytes: Buffer): void {
  const limit = MAX_MEDIA_SIZE[type];
  if (bytes.length > limit) throw new ApiError('server:errors.nft_media_size', { megabytes: limit / MB });
}

/**
 * The media in `bytes`, or ApiError: not a supported format (whatever its name says), over
 * its kind's size, an image that does not decode, audio or video whose length cannot be
 * read or is over MAX_MEDIA_DURATION_MS.
 */
export async function checkMedia(bytes: Buffer): Promise<CheckedMedia> {
  const detected = bytes.length === 0 ? undefined : await fileTypeFromBuffer(bytes);
  const ext = detected ? DETECTED[detected.ext] : undefined;
  if (!ext) throw notSupported();
  const format = FORMATS[ext];
  checkSize(format.type, bytes);
  return format.type === 'image' || format.type === 'gif' ? checkPicture(ext, bytes) : checkTimed(ext, bytes);
}

/** An image or GIF: decoded in full (every frame of an animation) and written out again. */
async function checkPicture(ext: MediaExtension, bytes: Buffer): Promise<CheckedMedia> {
  let probe: Metadata;
  try {
    probe = await sharp(bytes).metadata();
  } catch {
    throw notSupported();
  }
  // The decoder reads every frame of an animation at once: too many pixels in all is refused by name.
  if (probe.width * (probe.pageHeight ?? probe.height) * (probe.pages ?? 1) > MAX_PIXELS) throw new ApiError('server:errors.nft_media_pixels', { megapixels: MAX_PIXELS / 1_000_000 });
  const image = await cleanImage(bytes);
  // The decoder must agree with the detection: a PNG signature over something else is not a PNG.
  if (!image || image.format !== ext) throw notSupported();
  const format = FORMATS[ext];
  return { type: format.type, mime: format.mime, ext, width: image.width, height: image.height, duration_ms: null, bytes: image.bytes };
}

/** Audio or video: its length read from the file, its kind from its tracks (an MP4 with no picture is M4A audio). */
async function checkTimed(detected: MediaExtension, bytes: Buffer): Promise<CheckedMedia> {
  let metadata: IAudioMetadata;
  try {
    metadata = await parseBuffer(bytes, { mimeType: FORMATS[detected].mime, size: bytes.length }, { duration: true, skipCovers: true });
  } catch {
    throw new ApiError('server:errors.nft_media_unreadable');
  }
  const { hasVideo, hasAudio, duration } = metadata.format;
  let ext = detected;
  if (detected === 'mp4' && !hasVideo) ext = 'm4a';
  else if (detected === 'm4a' && hasVideo) ext = 'mp4';
  const format = FORMATS[ext];
  // A WebM with no picture is not a video, and audio in WebM is not one of the audio formats.
  if (format.type === 'video' && !hasVideo) throw notSupported();
  if (format.type === 'audio' && (hasVideo || hasAudio === false)) throw notSupported();
  checkSize(format.type, bytes);
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) throw new ApiError('server:errors.nft_media_unreadable');
  const duration_ms = Math.round(duration * 1000);
  if (duration_ms > MAX_MEDIA_DURATION_MS) throw new ApiError('server:errors.nft_media_duration', { minutes: MAX_MEDIA_DURATION_MS / 60_000 });
  const size = format.type === 'video' ? videoSize(ext, bytes, metadata) : null;
  return { type: format.type, mime: format.mime, ext, width: size?.width ?? null, height: size?.height ?? null, duration_ms, bytes };
}

/** A video's picture size: WebM's track says it; in an MP4, the track header (tkhd) of the track with a picture. */
function videoSize(ext: MediaExtension, bytes: Buffer, metadata: IAudioMetadata): { width: number; height: number } | null {
  if (ext === 'webm') {
    const video = metadata.format.trackInfo.find((track) => track.video?.pixelWidth && track.video.pixelHeight)?.video;
    return video?.pixelWidth && video.pixelHeight ? { width: video.pixelWidth, height: video.pixelHeight } : null;
  }
  return mp4PictureSize(bytes);
}

/** The boxes directly inside bytes[start, end) of an ISO base media file: type and the range of their contents. */
function* boxes(bytes: Buffer, start: number, end: number): Generator<{ type: string; body: number; end: number }> {
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type: bytes.toString('latin1', at + 4, at + 8), body: at + header, end: at + size };
    at += size;
  }
}

/** The width and height in the track header of an MP4's first track with a picture (16.16 fixed point). */
export function mp4PictureSize(bytes: Buffer): { width: number; height: number } | null {
  for (const moov of boxes(bytes, 0, bytes.length)) {
    if (moov.type !== 'moov') continue;
    for (const trak of boxes(bytes, moov.body, moov.end)) {
      if (trak.type !== 'trak') continue;
      for (const tkhd of boxes(bytes, trak.body, trak.end)) {
        if (tkhd.type !== 'tkhd') continue;
        // version 0: 32-bit times; version 1: 64-bit. Width and height end the box.
        const offset = tkhd.body + ((bytes[tkhd.body] ?? 0) === 1 ? 88 : 76);
        if (offset + 8 > tkhd.end) continue;
        const width = Math.round(bytes.readUInt32BE(offset) / 65536);
        const height = Math.round(bytes.readUInt32BE(offset + 4) / 65536);
        if (width > 0 && height > 0) return { width, height };
      }
    }
  }
  return null;
}

/** Where an artwork's media is stored: DATA_DIR/uploads/nft, served under /uploads/nft/. */
export function nftMediaDir(dataDir: string): string {
  return path.join(uploadsDir(dataDir), 'nft');
}

export interface StoredMedia {
  id: number;
  path: string;
  type: NftMediaType;
  mime: string;
  duration_ms: number | null;
}

/** Writes checked media under a random name (private to the server's owner) and records it in nft_media. */
export async function storeMedia(where: { db: Db; dataDir: string; now: () => number }, media: CheckedMedia): Promise<StoredMedia> {
  const dir = nftMediaDir(where.dataDir);
  const name = `${newFileName()}.${media.ext}`;
  const file = path.join(dir, name);
  const address = `/uploads/nft/${name}`;
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.writeFile(file, media.bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  try {
    const row = await where.db
      .insertInto('nft_media')
      .values({
        path: address,
        type: media.type,
        mime: media.mime,
        bytes: media.bytes.length,
        width: media.width,
        height: media.height,
        duration_ms: media.duration_ms,
        created_at: where.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, path: address, type: media.type, mime: media.mime, duration_ms: media.duration_ms };
  } catch (error) {
    // No file without its row.
    await fs.rm(file, { force: true });
    throw error;
  }
}
