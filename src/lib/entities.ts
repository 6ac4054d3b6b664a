/**
 * HTML character references in service text ("Mat &amp; Strap", "6&quot; Pot", "Kid&#39;s") decoded to the
 * characters they stand for, once, where records are read (parse.ts). The result is plain text: nothing is ever
 * rendered as HTML, and a decoded `=` at the start of a text stays text (the faces write service text as values).
 *
 * Only well-formed references are decoded: a named one from the list below or a numeric one, each ending in `;`.
 * Anything else (`AT&T`, `&amp` without `;`, `&unknown;`, `&#0;`, a surrogate or out-of-range code point, a
 * control character) is left exactly as sent. One pass: `&amp;lt;` becomes `&lt;`, not `<`.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "\u2013",
  mdash: "\u2014",
  lsquo: "\u2018",
  rsquo: "\u2019",
  sbquo: "\u201a",
  ldquo: "\u201c",
  rdquo: "\u201d",
  bdquo: "\u201e",
  hellip: "\u2026",
  bull: "\u2022",
  middot: "\u00b7",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  deg: "\u00b0",
  times: "\u00d7",
  divide: "\u00f7",
  plusmn: "\u00b1",
  micro: "\u00b5",
  frac12: "\u00bd",
  frac14: "\u00bc",
  frac34: "\u00be",
  sup2: "\u00b2",
  sup3: "\u00b3",
  euro: "\u20ac",
  pound: "\u00a3",
  yen: "\u00a5",
  cent: "\u00a2",
  sect: "\u00a7",
  para: "\u00b6",
  laquo: "\u00ab",
  raquo: "\u00bb",
  iexcl: "\u00a1",
  iquest: "\u00bf",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
};

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,9}));/g;

/** A code point a text may hold: not NUL, not a surrogate, in range, and not a control character but tab/newlines. */
function printable(codePoint: number): boolean {
  if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return false;
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return true;
  return !(codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f));
}

/** `text` with its HTML character references decoded (one pass; unknown or malformed ones left as they are). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    REFERENCE,
    (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name !== undefined) return Object.prototype.hasOwnProperty.call(NAMED, name) ? NAMED[name] : whole;
      const codePoint = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      return printable(codePoint) ? String.fromCodePoint(codePoint) : whole;
    },
  );
}
