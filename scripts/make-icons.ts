/**
 * Draws the add-in icon (a white bar chart on an Excel-green rounded square) at every size the manifest uses and
 * writes assets/icon-<size>.png. The PNGs are committed; rerun `npm run icons` after changing the drawing.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodeRgbaPng } from "./png";

export const ICON_SIZES = [16, 32, 64, 80, 128] as const;

type Rgba = readonly [number, number, number, number];
const EXCEL_GREEN: Rgba = [0x21, 0x73, 0x46, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const TRANSPARENT: Rgba = [0, 0, 0, 0];

/** Shapes in unit coordinates (0..1, y down), so every size is the same drawing. */
const CORNER_RADIUS = 0.2;
const BAR_BOTTOM = 0.8;
const BARS = [
  { left: 0.17, right: 0.35, top: 0.52 },
  { left: 0.41, right: 0.59, top: 0.36 },
  { left: 0.65, right: 0.83, top: 0.2 },
];
/** Samples per pixel along each axis; 4x4 supersampling smooths the rounded corners at 16 px. */
const SUPERSAMPLING = 4;

function insideRoundedSquare(x: number, y: number): boolean {
  const nearestX = Math.min(Math.max(x, CORNER_RADIUS), 1 - CORNER_RADIUS);
  const nearestY = Math.min(Math.max(y, CORNER_RADIUS), 1 - CORNER_RADIUS);
  return (x - nearestX) ** 2 + (y - nearestY) ** 2 <= CORNER_RADIUS ** 2;
}

function colourAt(x: number, y: number): Rgba {
  if (!insideRoundedSquare(x, y)) return TRANSPARENT;
  const onBar = BARS.some((bar) => x >= bar.left && x <= bar.right && y >= bar.top && y <= BAR_BOTTOM);
  return onBar ? WHITE : EXCEL_GREEN;
}

/** Renders the icon as a size x size PNG. */
export function renderIcon(size: number): Buffer {
  const rgba = new Uint8Array(size * size * 4);
  const samples = SUPERSAMPLING * SUPERSAMPLING;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Average premultiplied colour so transparent samples do not darken the edges.
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let sy = 0; sy < SUPERSAMPLING; sy++) {
        for (let sx = 0; sx < SUPERSAMPLING; sx++) {
          const [r, g, b, a] = colourAt(
            (px + (sx + 0.5) / SUPERSAMPLING) / size,
            (py + (sy + 0.5) / SUPERSAMPLING) / size,
          );
          red += r * a;
          green += g * a;
          blue += b * a;
          alpha += a;
        }
      }
      const offset = (py * size + px) * 4;
      if (alpha > 0) {
        rgba[offset] = Math.round(red / alpha);
        rgba[offset + 1] = Math.round(green / alpha);
        rgba[offset + 2] = Math.round(blue / alpha);
        rgba[offset + 3] = Math.round(alpha / samples);
      }
    }
  }
  return encodeRgbaPng(size, size, rgba);
}

export function iconFileName(size: number): string {
  return `icon-${size}.png`;
}

if (require.main === module) {
  const assetsDir = join(__dirname, "..", "assets");
  for (const size of ICON_SIZES) {
    const file = join(assetsDir, iconFileName(size));
    writeFileSync(file, renderIcon(size));
    console.log(`wrote ${file}`);
  }
}
