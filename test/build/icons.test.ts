/**
 * The committed add-in icons are real PNGs of the sizes the manifest declares, and they are what
 * scripts/make-icons.ts draws today (so a changed drawing without `npm run icons` fails here).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { ICON_SIZES, iconFileName, renderIcon } from "../../scripts/make-icons";
import { PNG_SIGNATURE, crc32 } from "../../scripts/png";

interface PngChunk {
  type: string;
  data: Buffer;
  crcMatches: boolean;
}

function readChunks(png: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  for (let offset = PNG_SIGNATURE.length; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    chunks.push({
      type: typeAndData.toString("latin1", 0, 4),
      data: typeAndData.subarray(4),
      crcMatches: png.readUInt32BE(offset + 8 + length) === crc32(typeAndData),
    });
    offset += 12 + length;
  }
  return chunks;
}

describe.each(ICON_SIZES)("assets/icon-%i.png", (size) => {
  const png = readFileSync(join(__dirname, "..", "..", "assets", iconFileName(size)));
  const chunks = readChunks(png);

  it("is a well-formed PNG with intact chunks", () => {
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(chunks.map((chunk) => chunk.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(chunks.every((chunk) => chunk.crcMatches)).toBe(true);
  });

  it(`is ${size}x${size} RGBA with one filtered scanline per row`, () => {
    const header = chunks[0].data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([size, size]);
    expect([header[8], header[9]]).toEqual([8, 6]); // 8-bit, truecolour + alpha
    const pixels = inflateSync(chunks[1].data);
    expect(pixels.length).toBe(size * (1 + size * 4));
  });

  it("shows the drawing: opaque green centre-left, white bar, transparent corner", () => {
    const pixels = inflateSync(chunks[1].data);
    const pixel = (x: number, y: number) => [...pixels.subarray(y * (1 + size * 4) + 1 + x * 4).subarray(0, 4)];
    expect(pixel(0, 0)[3]).toBe(0); // rounded corner
    expect(pixel(Math.floor(size * 0.08), Math.floor(size * 0.5))).toEqual([0x21, 0x73, 0x46, 255]);
    expect(pixel(Math.floor(size * 0.74), Math.floor(size * 0.7))).toEqual([255, 255, 255, 255]);
  });

  it("matches what scripts/make-icons.ts draws", () => {
    expect(renderIcon(size).equals(png)).toBe(true);
  });
});
