/**
 * Length caps: free text and lists cannot make one formula send a huge paid request. Every text and list
 * parameter of the catalog states its cap; more is refused as a ValidationError (a #VALUE! cell) naming the
 * parameter and the rule, with nothing sent.
 */
import { clockFrom } from "../../src/lib/clock";
import { createTypedClient as createClient } from "../support/operation-methods";
import { OPERATIONS } from "../../src/api/catalog";
import { ValidationError } from "../../src/api/errors";
import { describeFailure } from "../../src/formula/errors";
import { fakeFetch, ok } from "./support/fake-fetch";
import { NOW } from "./support/typical";

const SECRET = "0123456789abcdef0123456789abcdef";

/** A client over a scripted service; by default it answers an empty page of records. */
function client(reply = ok({ items: [], total: 0 })) {
  const fake = fakeFetch(reply);
  return {
    fake,
    client: createClient({
      baseUrl: "https://api.example.test",
      secret: SECRET,
      fetch: fake.fetch,
      clock: clockFrom(NOW),
    }),
  };
}

test("every text and list parameter of the catalog states a length cap", () => {
  const uncapped = OPERATIONS.flatMap((op) =>
    op.params
      .filter((p) => p.kind === "string" || p.kind === "stringList" || p.kind === "csv")
      .filter((p) => p.maxLength === undefined || (p.kind !== "string" && p.maxItems === undefined))
      .map((p) => `${op.code}.${p.name}`),
  );
  expect(uncapped).toEqual([]);
});

test("a 100,000-item keywordList is refused with zero calls", async () => {
  const { fake, client: c } = client();
  const keywordList = Array.from({ length: 100_000 }, (_, i) => `kw${i}`);
  const error = await c.keywordMiner({ marketplace: "US", keyword: "phone", keywordList }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).param).toBe("keywordList");
  expect((error as ValidationError).rule).toBe("maxItems");
  expect((error as ValidationError).message).toMatch(/keywordList: at most 200 items \(got 100000\)/);
  expect(describeFailure(error).code).toBe("#VALUE!");
  expect(fake.calls).toHaveLength(0);
});

test("a 40,000-character keyword (or list item) is refused with zero calls", async () => {
  const { fake, client: c } = client();
  const long = "k".repeat(40_000);
  const error = await c.keywordMiner({ marketplace: "US", keyword: long }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).param).toBe("keyword");
  expect((error as ValidationError).rule).toBe("maxLength");
  expect((error as ValidationError).message).toMatch(/keyword: at most 500 characters \(got 40000\)/);
  expect(describeFailure(error).code).toBe("#VALUE!");
  const itemError = await c
    .keywordMiner({ marketplace: "US", keyword: "phone", keywordList: ["ok", long] })
    .catch((e: unknown) => e);
  expect((itemError as ValidationError).rule).toBe("maxLength");
  expect(fake.calls).toHaveLength(0);
});

test("texts and lists within the caps are sent", async () => {
  const { fake, client: c } = client();
  const keywordList = Array.from({ length: 200 }, (_, i) => `kw${i}`);
  // The service's answer (an empty page) comes back as a result: the call succeeds, it is not refused.
  await expect(c.keywordMiner({ marketplace: "US", keyword: "k".repeat(500), keywordList })).resolves.toBeDefined();
  expect(fake.calls).toHaveLength(1);
});
