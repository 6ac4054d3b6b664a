/**
 * Labels the service sends in Chinese from known sets read in English by an English reader and as sent by a Chinese
 * one, in cells shaped from real responses and from the simulator's; unknown text passes unchanged, and keywordCn
 * (Chinese on purpose) is never touched. What is fetched and cached keeps the service's text.
 */
import type { OperationCode } from "../../src/api/catalog";
import { OPERATIONS } from "../../src/api/catalog";
import type { FieldSpec } from "../../src/api/catalog-types";
import { loadServiceLabels } from "../../src/i18n/labels";
import { englishLabel } from "../../src/i18n/service-labels";
import { setLocale } from "../../src/i18n/locale";
import { recordColumns } from "../../src/table/columns";
import { DEFAULT_DISPLAY, shapeResult } from "../../src/table/shape";
import { parseResult } from "../../src/api/parse";
import { RECORD_FIELDS } from "../../src/api/records";
import { createTypedClient as createClient } from "../support/operation-methods";
import { fixture, fixtureCodes } from "../api/support/fixtures";
import { useSimulator } from "../support/simulator";
import { exampleRequests } from "../support/example-requests";

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

// The English names load on demand, as a formula with such columns (test/functions/chinese-cells.test.ts) and the
// task pane load them before shaping; these tests shape answers directly.
beforeAll(() => loadServiceLabels());

test.each([
  ["中国", "China"],
  ["中国香港", "Hong Kong"],
  ["美国", "United States"],
  ["未知", "Unknown"],
  ["无评分数", "No ratings"],
  ["500以上", "500 and over"],
  ["4.5以上", "4.5 and over"],
  ["3年以上", "Over 3 years"],
  ["有A+有视频", "with A+, with video"],
  ["新品无A+有视频", "New products, no A+, with video"],
  ["Amazon自营", "Sold by Amazon"],
  ["1-50", "1-50"],
  ["某个新标签", "某个新标签"],
])("%s reads %s", (label, english) => {
  expect(englishLabel(label)).toBe(english);
});

const labelFields = (record: string) =>
  ((RECORD_FIELDS as unknown as Record<string, readonly FieldSpec[]>)[record] ?? [])
    .filter((f) => f.serviceLabel)
    .map((f) => f.name);
const withLabels = OPERATIONS.filter((op) => labelFields(op.record).length > 0);

/** The label columns of an operation's result as a reader sees them in cells (header row dropped). */
function labelCells(code: OperationCode, rows: readonly unknown[]): string[] {
  const op = OPERATIONS.find((o) => o.code === code)!;
  const columns = recordColumns(op).filter((c) => labelFields(op.record).includes(c.name));
  return shapeResult(op, { rows }, columns, DEFAULT_DISPLAY).slice(1).flat().map(String);
}

afterEach(() => setLocale("en"));

test("real responses: an English reader's cells hold no Chinese labels, a Chinese reader's hold them as sent", async () => {
  const codes = new Set(fixtureCodes());
  const checked = withLabels.filter((op) => codes.has(op.code));
  expect(checked.length).toBeGreaterThan(0);
  for (const op of checked) {
    const { rows } = parseResult(op.code as OperationCode, fixture(op.code), "rid");
    for (const cell of labelCells(op.code, rows)) expect(cell).not.toMatch(CJK);
  }
  await setLocale("zh-CN");
  const chinese = checked.flatMap((op) =>
    labelCells(op.code, parseResult(op.code as OperationCode, fixture(op.code), "rid").rows),
  );
  expect(chinese.some((cell) => CJK.test(cell))).toBe(true);
  const mining = parseResult("keyword_miner", fixture("keyword_miner"), "rid").rows as Record<string, unknown>[];
  expect(mining.some((row) => CJK.test(String(row.keywordCn)))).toBe(true);
});

test("parsing keeps the service's labels as sent (the cache holds them; cells choose the language)", () => {
  const op = withLabels.find((o) => fixtureCodes().includes(o.code))!;
  const raw = (fixture(op.code) as { data: Record<string, unknown>[] }).data;
  const { rows } = parseResult(op.code as OperationCode, fixture(op.code), "rid");
  for (const name of labelFields(op.record))
    expect((rows as Record<string, unknown>[]).map((r) => r[name])).toEqual(raw.map((r) => r[name]));
});

describe("the simulator's US category reports", () => {
  const secret = "0123456789abcdef0123456789abcdef";
  const sim = useSimulator({ secret });

  test.each(withLabels.map((op) => [op.code] as const))(
    "%s shows an English reader no Chinese labels",
    async (code) => {
      const client = createClient({ baseUrl: sim.url, secret, retries: 0 });
      const { rows } = await client.call(code as never, exampleRequests(new Date())[code as OperationCode]);
      expect(rows.length).toBeGreaterThan(0);
      for (const cell of labelCells(code as OperationCode, rows)) expect(cell).not.toMatch(CJK);
    },
  );
});
