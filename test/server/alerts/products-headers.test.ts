/**
 * An alert on a Product watch report's table (issue 46): its formula, `=MAD.PRODUCTS(market, asins, fields,
 * "labels")`, carries MAD.PRODUCTS' `headers` argument. The relay reads it as the function does (a wrong one named)
 * and compares the same values: a header row is never part of what an alert watches. Its histories carry the same
 * argument after `fields`; the relay reads them and refuses them as it refuses any history.
 */
import { compileQuery } from "../../../src/server/team/alerts/query";

const AT = new Date(Date.UTC(2025, 8, 15, 7, 0));
const ASINS = '{"B000000001","B000000002"}';

test("MAD.PRODUCTS with its headers argument compiles to the query it makes without it", () => {
  const plain = compileQuery(`=MAD.PRODUCTS("US",${ASINS},"asin, price")`, "en", AT);
  const labelled = compileQuery(`=MAD.PRODUCTS("US",${ASINS},"asin, price","labels")`, "en", AT);
  expect("query" in plain && "query" in labelled).toBe(true);
  if (!("query" in plain) || !("query" in labelled)) return;
  expect(labelled.query.params).toEqual(plain.query.params);
  expect(labelled.query.columns.map((c) => c.name)).toEqual(["asin", "price"]);
});

test("a wrong headers value, or a fifth argument, is refused with the function's words", () => {
  const wrong = compileQuery(`=MAD.PRODUCTS("US",${ASINS},"asin","words")`, "en", AT);
  expect(wrong).toMatchObject({ refused: { message: expect.stringMatching(/labels or names/) } });
  const five = compileQuery(`=MAD.PRODUCTS("US",${ASINS},"asin","labels",1)`, "en", AT);
  expect(five).toMatchObject({ refused: { message: expect.stringMatching(/4/) } });
});

test("a history function with its headers argument is read, and refused as any history is: alerts watch current values", () => {
  const history = '=MAD.PRICEHISTORY("US","B07Z82895W",,,"weekly","price, bsr"';
  const plain = compileQuery(`${history})`, "en", AT);
  const labelled = compileQuery(`${history},"labels")`, "en", AT);
  expect(labelled).toEqual(plain);
  expect(labelled).toMatchObject({
    refused: {
      problem: "query",
      message: expect.stringMatching(/MAD\.PRICEHISTORY shows a history by date.*MAD\.PRODUCTS/),
    },
  });
});
