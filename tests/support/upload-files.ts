/**
 * Files the browser suites hand to a file input: real PNG images of a chosen size, and files the
 * docs/product-rules.md#photo-rules checks refuse (another type, one byte over 5 MB).
 */
import { PNG } from "pngjs";

const FIVE_MB = 5 * 1024 * 1024;

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A PNG of `width`×`height`. With `noise` every pixel is pseudo-random (the same bytes on every
 * run) and opaque, which deflate barely shrinks: about width × height × 3.4 bytes. Without it a
 * colour gradient of a few hundred bytes.
 */
function pngImage(width: number, height: number, noise = false): Buffer {
  const png = new PNG({ width, height });
  let seed = 0x2f6b_1d3a;
  for (let i = 0; i < png.data.length; i += 4) {
    const pixel = i / 4;
    if (noise) {
      // xorshift32: fast, and deterministic so a failure can be replayed
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      png.data.writeUInt32BE(seed >>> 0, i);
      png.data[i + 3] = 255;
    } else {
      png.data[i] = Math.round(((pixel % width) / width) * 255);
      png.data[i + 1] = Math.round((Math.floor(pixel / width) / height) * 255);
      png.data[i + 2] = 160;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A small PNG the checks accept. */
export const smallPng = (name: string, width = 64, height = 48): UploadFile => ({
  name,
  mimeType: "image/png",
  buffer: pngImage(width, height),
});

/** A PNG of about 4 MB, under the limit but long enough to upload for progress to show. */
export const largePng = (name: string): UploadFile => ({
  name,
  mimeType: "image/png",
  buffer: pngImage(1100, 1100, true),
});

/** A 1×1 GIF: a real image of a type docs/product-rules.md#photo-rules refuses. */
export const gifFile = (name: string): UploadFile => ({
  name,
  mimeType: "image/gif",
  buffer: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
});

/** A PNG one byte over 5 MB: the header of a real PNG padded with zeros. */
export const oversizedPng = (name: string): UploadFile => {
  const head = pngImage(4, 4);
  return {
    name,
    mimeType: "image/png",
    buffer: Buffer.concat([head, Buffer.alloc(FIVE_MB + 1 - head.length)]),
  };
};
