// Hero images for the sandbox sites, made on request from a seed (no binary files in the
// repository): heavy sites get multi-megabyte images in unoptimised formats (an uncompressed
// 24-bit BMP, or a PNG of noise stored without compression), light sites a small SVG. The
// size of each is known from its dimensions alone, so the ground truth can state it without
// drawing the picture; the bytes are drawn only when a client asks, and a few are kept.
import { Lru } from './lru.ts';
import { createRng } from './random.ts';

export type HeroFormat = 'svg' | 'bmp' | 'png';

export interface HeroSpec {
  format: HeroFormat;
  width: number;
  height: number;
  /** Seeds the pixels (and the SVG's colours). */
  seed: string;
}

export const CONTENT_TYPES: Record<HeroFormat, string> = { svg: 'image/svg+xml', bmp: 'image/bmp', png: 'image/png' };

const bmpRow = (width: number) => Math.ceil((width * 3) / 4) * 4;
/** zlib "stored" blocks carry at most 65,535 bytes each. */
const STORED_BLOCK = 65_535;
const pngRaw = (width: number, height: number) => height * (1 + width * 3);

function svgHero(spec: HeroSpec): Buffer {
  const rng = createRng(`hero/${spec.seed}`);
  const hue = rng.int(0, 359);
  const colour = (shift: number, light: number) => `hsl(${(hue + shift) % 360},55%,${light}%)`;
  const hills = Array.from({ length: 3 }, (_, i) => {
    const y = Math.round(spec.height * (0.55 + i * 0.12));
    return `<path d="M0 ${y} Q${Math.round(spec.width / 2)} ${y - rng.int(40, 120)} ${spec.width} ${y} V${spec.height} H0Z" fill="${colour(20 * (i + 1), 35 + i * 10)}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour(0, 80)}"/><stop offset="1" stop-color="${colour(0, 60)}"/></linearGradient></defs>
<rect width="${spec.width}" height="${spec.height}" fill="url(#sky)"/>
${hills.join('\n')}
</svg>
`;
  return Buffer.from(svg, 'utf8');
}

/** Exact byte size of the hero image, without drawing it. */
export function heroBytes(spec: HeroSpec): number {
  switch (spec.format) {
    case 'svg':
      return svgHero(spec).length;
    case 'bmp':
      return 54 + bmpRow(spec.width) * spec.height;
    case 'png': {
      const raw = pngRaw(spec.width, spec.height);
      const zlib = 2 + Math.ceil(raw / STORED_BLOCK) * 5 + raw + 4;
      return 8 + 25 + (12 + zlib) + 12;
    }
  }
}

/** Seeded noise: every byte random, so nothing along the way can make it smaller. */
function noise(target: Buffer, seed: string): void {
  const [a, b] = [createRng(seed).int(1, 2 ** 31 - 1), createRng(`${seed}/2`).int(1, 2 ** 31 - 1)];
  let x = a ^ (b << 1) || 1;
  const words = Math.floor(target.length / 4);
  for (let i = 0; i < words; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    target.writeInt32LE(x | 0, i * 4);
  }
  for (let i = words * 4; i < target.length; i++) target[i] = (x >>> ((i % 4) * 8)) & 0xff;
}

function bmp(spec: HeroSpec): Buffer {
  const row = bmpRow(spec.width);
  const buf = Buffer.alloc(54 + row * spec.height);
  noise(buf.subarray(54), spec.seed);
  buf.write('BM', 0);
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(spec.width, 18);
  buf.writeInt32LE(spec.height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(0, 30); // no compression
  buf.writeUInt32LE(row * spec.height, 34);
  return buf;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer, from: number, to: number): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(i + 3800, data.length); // sums stay below 2^32 before the modulo
    for (; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** A truecolour PNG of noise whose image data is stored, not compressed (what an export "for the web" forgot). */
function png(spec: HeroSpec): Buffer {
  const { width, height } = spec;
  const raw = Buffer.alloc(pngRaw(width, height));
  noise(raw, spec.seed);
  for (let y = 0; y < height; y++) raw[y * (1 + width * 3)] = 0; // filter type 0 on every row
  const out = Buffer.alloc(heroBytes(spec));
  let at = 0;
  const put = (bytes: Buffer | number[]) => {
    (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes)).copy(out, at);
    at += bytes.length;
  };
  const chunk = (type: string, length: number, body: () => void) => {
    out.writeUInt32BE(length, at);
    at += 4;
    const start = at;
    out.write(type, at, 'latin1');
    at += 4;
    body();
    out.writeUInt32BE(crc32(out, start, at), at);
    at += 4;
  };
  put([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  chunk('IHDR', 13, () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, deflate, no filter choice, no interlace
    put(header);
  });
  const zlibLength = heroBytes(spec) - 8 - 25 - 12 - 12;
  chunk('IDAT', zlibLength, () => {
    put([0x78, 0x01]);
    for (let i = 0; i < raw.length; i += STORED_BLOCK) {
      const size = Math.min(STORED_BLOCK, raw.length - i);
      put([i + size >= raw.length ? 1 : 0, size & 0xff, size >> 8, ~size & 0xff, (~size >> 8) & 0xff]);
      raw.copy(out, at, i, i + size);
      at += size;
    }
    out.writeUInt32BE(adler32(raw), at);
    at += 4;
  });
  chunk('IEND', 0, () => undefined);
  return out;
}

/** Drawn images kept for repeat requests: a few megabytes each, so only a handful. */
const drawn = new Lru<string, Buffer>(6);

/** The image's bytes (drawn once, then kept while recently used). */
export function heroImage(spec: HeroSpec): Buffer {
  return drawn.getOr(`${spec.format}/${spec.width}x${spec.height}/${spec.seed}`, () => (spec.format === 'svg' ? svgHero(spec) : spec.format === 'bmp' ? bmp(spec) : png(spec)));
}
