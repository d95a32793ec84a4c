#!/usr/bin/env node
// Draws the app icon (the same shapes as assets/icon.svg) into assets/icon.png, 512x512, with
// no dependencies: shapes are sampled 4x4 per pixel and written as an RGBA PNG (zlib + CRC-32).
// Run: node scripts/make-icon.mjs [size]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const size = Number(process.argv[2] ?? 512);
const out = path.join(import.meta.dirname, '..', 'assets', size === 512 ? 'icon.png' : `icon-${size}.png`);
const s = size / 512; // the design is on a 512 grid, like the SVG

const BG = [0x1f, 0x3a, 0x5f];
const EDGE = [0x9f, 0xc5, 0xe8];
const NODES = [
  { x: 150, y: 170, r: 58, c: [0xff, 0xb3, 0x47] },
  { x: 370, y: 150, r: 46, c: [0x4f, 0xd1, 0xc5] },
  { x: 340, y: 370, r: 64, c: [0xff, 0xff, 0xff] },
  { x: 150, y: 380, r: 36, c: [0x4f, 0xd1, 0xc5] },
];
const EDGES = [
  [0, 1],
  [0, 2],
  [1, 2],
  [2, 3],
  [0, 3],
];

function inRoundedRect(x, y) {
  const r = 96,
    lo = 16,
    hi = 496;
  if (x < lo || y < lo || x > hi || y > hi) return false;
  const cx = Math.min(Math.max(x, lo + r), hi - r);
  const cy = Math.min(Math.max(y, lo + r), hi - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function distToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Colour at a point of the 512 grid, or null (transparent). Later shapes paint over earlier ones. */
function colourAt(x, y) {
  if (!inRoundedRect(x, y)) return null;
  let c = BG;
  for (const [a, b] of EDGES) {
    if (distToSegment(x, y, NODES[a].x, NODES[a].y, NODES[b].x, NODES[b].y) <= 7) c = EDGE;
  }
  for (const n of NODES) if ((x - n.x) ** 2 + (y - n.y) ** 2 <= n.r * n.r) c = n.c;
  return c;
}

const SS = 4;
const raw = Buffer.alloc(size * (size * 4 + 1));
for (let py = 0; py < size; py++) {
  const row = py * (size * 4 + 1);
  raw[row] = 0; // filter: none
  for (let px = 0; px < size; px++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const c = colourAt((px + (sx + 0.5) / SS) / s, (py + (sy + 0.5) / SS) / s);
        if (c) {
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
    }
    const o = row + 1 + px * 4;
    if (a) {
      raw[o] = Math.round(r / a);
      raw[o + 1] = Math.round(g / a);
      raw[o + 2] = Math.round(b / a);
      raw[o + 3] = Math.round((255 * a) / (SS * SS));
    }
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(size, 0);
ihdr.writeUInt32BE(size, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
fs.writeFileSync(out, png);
console.log(`wrote ${path.relative(process.cwd(), out)} (${size}x${size}, ${png.length} bytes)`);
