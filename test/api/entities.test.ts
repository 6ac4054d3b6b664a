/**
 * HTML character references in service text are decoded once, where records are read: named and numeric ones,
 * and nothing else (malformed or unknown references, controls and invalid code points stay as sent).
 */
import { parseResult } from "../../src/api/parse";
import { decodeEntities } from "../../src/lib/entities";

describe("decodeEntities", () => {
  test.each([
    ["Yoga Mat &amp; Strap", "Yoga Mat & Strap"],
    ["6&quot; Pot", '6" Pot'],
    ["Kid&#39;s Cup", "Kid's Cup"],
    ["Kid&#x27;s Cup", "Kid's Cup"],
    ["Kid&#X27;s Cup", "Kid's Cup"],
    ["Kid&apos;s Cup", "Kid's Cup"],
    ["&lt;b&gt;bold&lt;/b&gt;", "<b>bold</b>"],
    ["A&nbsp;B", "A\u00a0B"],
    ["Caf&#233; &#x1F600;", "Café 😀"],
    ["10&ndash;20 &trade;", "10–20 ™"],
  ])("%s", (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });

  test.each([
    ["AT&T", "a bare ampersand"],
    ["Tom &amp Jerry", "no semicolon"],
    ["&unknown;", "an unknown name"],
    ["&AMP;", "a name in the wrong case"],
    ["&#0;", "NUL"],
    ["&#x7;", "a control character"],
    ["&#xD800;", "a surrogate"],
    ["&#x110000;", "beyond Unicode"],
    ["&#;", "no digits"],
    ["&constructor;", "an inherited property name"],
  ])("%s stays as sent (%s)", (input) => {
    expect(decodeEntities(input)).toBe(input);
  });

  test("one pass: &amp;lt; becomes &lt;, not <", () => {
    expect(decodeEntities("&amp;lt;script&amp;gt;")).toBe("&lt;script&gt;");
  });

  test("a decoded '=' at the start is plain text (the faces write texts as values)", () => {
    expect(decodeEntities("&#61;HYPERLINK(1)")).toBe("=HYPERLINK(1)");
  });
});

describe("parseResult decodes texts once, everywhere in a record", () => {
  test("titles, nested objects, lists of texts; numbers and keys untouched", () => {
    const body = {
      code: "OK",
      message: "成功",
      data: {
        total: 1,
        page: 1,
        size: 10,
        items: [
          {
            asin: "B0TEST0001",
            title: "Mat &amp; Strap &quot;Pro&quot;",
            brand: "Tom&#39;s",
            price: 19.99,
            badge: { label: "Best &amp; Top" },
            bulletPoints: ["Soft &amp; thick", 3],
            "odd&amp;key": "x",
          },
        ],
      },
    };
    const result = parseResult("product_research", body, "r-1");
    const row = result.rows[0] as Record<string, unknown>;
    expect(row.title).toBe('Mat & Strap "Pro"');
    expect(row.brand).toBe("Tom's");
    expect(row.price).toBe(19.99);
    expect(row.badge).toEqual({ label: "Best & Top" });
    expect(row.bulletPoints).toEqual(["Soft & thick", 3]);
    expect(row["odd&amp;key"]).toBe("x");
  });
});
