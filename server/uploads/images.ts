import sharp from 'sharp';

/**
 * Checks that bytes are a real image by decoding them, and writes them out again
 * (auto-rotated, metadata such as GPS position removed), so what is stored is exactly
 * what an image decoder made of it and nothing smuggled beside the pixels.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The most pixels an image may have (all frames of an animation together): the decoder holds them all. */
export const MAX_PIXELS = 40_000_000;

export type ImageFormat = 'png' | 'jpg' | 'gif' | 'webp';

export const IMAGE_MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface CleanImage {
  format: ImageFormat;
  bytes: Buffer;
  width: number;
  height: number;
}

export async function cleanImage(input: Buffer): Promise<CleanImage | null> {
  try {
    const probe = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
    const format: ImageFormat | null = probe.format === 'jpeg' ? 'jpg' : probe.format === 'png' || probe.format === 'gif' || probe.format === 'webp' ? probe.format : null;
    if (!format) return null;
    const animated = (probe.pages ?? 1) > 1;
    let image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated });
    if (!animated) image = image.rotate();
    const output = format === 'jpg' ? image.jpeg({ quality: 88 }) : format === 'png' ? image.png() : format === 'gif' ? image.gif() : image.webp({ quality: 88 });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { format, bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    return null;
  }
}
