/**
 * Text as the live service sends it: a product title holding HTML entities spills decoded (`&`, never `&amp;`),
 * and a title that decodes to a leading `=` spills as that text.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import { fixtureService } from "./helpers/fixture-service";
import { harness } from "./helpers/harness";

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

const TITLES = ["Yoga Mat &amp; Strap, 6&quot; Wide", "Kid&#39;s Cup &#x27;Blue&#x27;", "&#61;1+1 &lt;b&gt;"];

/** The fixture service, with the product-research titles sent HTML-encoded as the live service may send them. */
function encodedTitlesService() {
  const service = fixtureService();
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await service.fetch(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith("/v1/product/research")) return response;
    const body = (await response.json()) as { data: { items: Record<string, unknown>[] } };
    const first = body.data.items[0];
    body.data.items = TITLES.map((title, i) => ({ ...first, asin: `B0ENTITY0${i}`, title }));
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { ...service, fetch };
}

test("MAD.PRODUCTRESEARCH spills decoded titles", async () => {
  const h = harness(shim, encodedTitlesService());
  const outcome = await h.run("product_research", { fields: "asin,title", limit: 3 });
  expect(outcome.error).toBeUndefined();
  const [header, ...rows] = outcome.value!;
  const titleColumn = header.findIndex((h) => /title/i.test(String(h)));
  expect(titleColumn).toBeGreaterThanOrEqual(0);
  expect(rows.map((r) => r[titleColumn])).toEqual(['Yoga Mat & Strap, 6" Wide', "Kid's Cup 'Blue'", "=1+1 <b>"]);
  for (const row of rows) expect(String(row[titleColumn])).not.toMatch(/&(amp|quot|#39|#x27|lt|gt|#61);/);
});
