/**
 * Demo pictures rendered locally at seed time (no network): a symmetric 5×5 identicon for a
 * member, a striped tile for a project, as PNG bytes.
 */
import { createHash } from "node:crypto";
import { PNG } from "pngjs";

type Rgb = [number, number, number];

function hashBytes(seed: string): Buffer {
  return createHash("sha256").update(seed).digest();
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

function render(size: number, colorAt: (x: number, y: number) => Rgb): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b] = colorAt(x, y);
      const i = (y * size + x) * 4;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A member's avatar: mirrored 5×5 cells in a colour derived from the seed. */
export function renderAvatar(seed: string, size = 160): Buffer {
  const bytes = hashBytes(seed);
  const hue = ((bytes[0]! << 8) | bytes[1]!) % 360;
  const fg = hslToRgb(hue, 0.55, 0.5);
  const bg = hslToRgb(hue, 0.35, 0.93);
  const cell = size / 6; // 5 cells plus half a cell of margin on each side
  const on = (cx: number, cy: number) => (bytes[2 + cy * 3 + Math.min(cx, 4 - cx)]! & 1) === 1;
  return render(size, (x, y) => {
    const cx = Math.floor((x - cell / 2) / cell);
    const cy = Math.floor((y - cell / 2) / cell);
    const inside = cx >= 0 && cx < 5 && cy >= 0 && cy < 5;
    return inside && on(cx, cy) ? fg : bg;
  });
}

/** A project's image: diagonal bands in two colours derived from the seed. */
export function renderProjectImage(seed: string, size = 320): Buffer {
  const bytes = hashBytes(seed);
  const hue = ((bytes[0]! << 8) | bytes[1]!) % 360;
  const a = hslToRgb(hue, 0.6, 0.55);
  const b = hslToRgb((hue + 40) % 360, 0.6, 0.75);
  const band = 24 + (bytes[2]! % 24);
  return render(size, (x, y) => (Math.floor((x + y) / band) % 2 === 0 ? a : b));
}
