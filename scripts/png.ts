/**
 * Minimal PNG encoding and header reading for the add-in icons (8-bit RGBA, no interlace). Node's zlib does the
 * compression; the rest is the chunk framing from the PNG specification.
 */
import { deflateSync } from "node:zlib";

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes `rgba` (width * height * 4 bytes, rows top to bottom) as a PNG file. */
export function encodeRgbaPng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) {
    throw new Error(`Expected ${width * height * 4} RGBA bytes for ${width}x${height}, got ${rgba.length}`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: truecolour with alpha
  // bytes 10..12 stay 0: deflate compression, adaptive filtering, no interlace
  const rowLength = width * 4;
  const scanlines = Buffer.alloc(height * (rowLength + 1));
  for (let y = 0; y < height; y++) {
    // filter byte 0 (None) precedes each row
    Buffer.from(rgba.buffer, rgba.byteOffset + y * rowLength, rowLength).copy(scanlines, y * (rowLength + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanlines, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Width and height from a PNG's IHDR chunk, or undefined when the bytes do not start like a PNG. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (buffer.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

/** The PNG with a tEXt chunk (`keyword`, Latin-1 `text`) right after its IHDR, any earlier one of that keyword dropped. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("not a PNG");
  const chunks = pngChunks(png).filter((c) => !(c.type === "tEXt" && textOf(c.data)?.keyword === keyword));
  const stamp = chunk(
    "tEXt",
    Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]),
  );
  return Buffer.concat([PNG_SIGNATURE, chunks[0].raw, stamp, ...chunks.slice(1).map((c) => c.raw)]);
}

/** The PNG's tEXt chunks, keyword to text. */
export function readPngTexts(png: Buffer): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const c of pngChunks(png)) {
    const text = c.type === "tEXt" ? textOf(c.data) : undefined;
    if (text) texts[text.keyword] = text.text;
  }
  return texts;
}

function pngChunks(png: Buffer): { type: string; data: Buffer; raw: Buffer }[] {
  const chunks = [];
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length), raw: png.subarray(at, at + 12 + length) });
    at += 12 + length;
  }
  return chunks;
}

function textOf(data: Buffer): { keyword: string; text: string } | undefined {
  const zero = data.indexOf(0);
  return zero < 0 ? undefined : { keyword: data.toString("latin1", 0, zero), text: data.toString("latin1", zero + 1) };
}
