import type sharpModule from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@app/contract';
import { AppError } from '../../lib/app-error';

export type ImageExt = 'jpg' | 'png' | 'webp';

export interface CleanImage {
  data: Buffer;
  mime: string;
  ext: ImageExt;
  width: number;
  height: number;
}

interface ImageType {
  mime: string;
  ext: ImageExt;
}

const TYPES: Record<'jpeg' | 'png' | 'webp', ImageType> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
};

/**
 * Recognises an image by its first bytes, never by its name or declared type. Only the first
 * gate: it keeps every other format (SVG, GIF, TIFF, HEIF, ...) away from the decoder.
 */
export function sniffImage(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return TYPES.jpeg;
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return TYPES.png;
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return TYPES.webp;
  return null;
}

let loadingSharp: Promise<typeof sharpModule> | undefined;
/**
 * sharp (libvips) is loaded with the first upload, not at start: loading it adds about 29 MB to
 * the process, which a server that receives no image need not hold (docs/performance.md, "Start
 * and memory").
 */
function loadSharp(): Promise<typeof sharpModule> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once: libvips' operation cache would only keep users' pixels in memory.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** At most this many images are decoded at once (libvips runs them on libuv's threads, off the event loop). */
export const IMAGE_DECODES_AT_ONCE = 2;
/** Uploads waiting for a decoder beyond this many are refused with TOO_MANY_REQUESTS (each holds up to 5 MB). */
export const IMAGE_QUEUE_MAX = 16;

const decoderOptions = {
  limitInputPixels: IMAGE_MAX_PIXELS,
  // A warning (truncated data, a bad checksum) is a refusal: only images that decode cleanly are kept.
  failOn: 'warning',
  // Animated WebP: the first frame only.
  pages: 1,
} as const;

/** Width and height from the header alone; nothing is decoded. */
async function header(data: Buffer): Promise<{ format: string; width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(data, { ...decoderOptions, limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new AppError('IMAGE_INVALID');
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('IMAGE_INVALID');
  }
}

/** Decodes fully, applies the EXIF orientation and encodes again in the same format, without metadata. */
async function reencode(
  data: Buffer,
  format: keyof typeof TYPES,
): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(data, decoderOptions).rotate(); // upright by the EXIF orientation; output keeps no metadata
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
          : pipeline.webp({ quality: 90 });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch {
    throw new AppError('IMAGE_INVALID');
  }
}

/**
 * The upload pipeline: size limit, magic bytes, header (pixel limit before any decoding),
 * a full decode, and a re-encode that keeps the format and drops everything else: bytes after
 * the image (polyglots), EXIF (location, camera), XMP, ICC profiles, comments.
 */
export async function cleanImage(data: Buffer): Promise<CleanImage> {
  if (data.length > IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  if (!sniffImage(data)) throw new AppError('IMAGE_INVALID');
  return decoders.run(async () => {
    const head = await header(data);
    if (head.format !== 'jpeg' && head.format !== 'png' && head.format !== 'webp') throw new AppError('IMAGE_INVALID');
    if (head.width * head.height > IMAGE_MAX_PIXELS) throw new AppError('IMAGE_DIMENSIONS_TOO_LARGE');
    const out = await reencode(data, head.format);
    return { ...out, ...TYPES[head.format] };
  });
}

/** A bounded number of jobs at once, a bounded queue behind them. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly atOnce: number,
    private readonly queueMax: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.atOnce) {
      if (this.waiting.length >= this.queueMax) throw new AppError('TOO_MANY_REQUESTS');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next job
      else this.active--;
    }
  }
}

const decoders = new Limiter(IMAGE_DECODES_AT_ONCE, IMAGE_QUEUE_MAX);
