/**
 * The history's CSV and JSON writers over a real HTTP exchange: RFC 4180 with CRLF and a UTF-8 byte-order mark,
 * numbers with `.`, booleans as TRUE/FALSE, the formula-injection guard on text (never on numbers), JSON in the
 * service's envelope; a slow reader holds the source back (the writer waits for 'drain'), a reader that goes away
 * stops the reading, and a source that fails cuts the answer instead of ending it as if it were whole. The writer is
 * the relay's own (csv.ts says why): it must write what csv-stringify, the `csv` project's writer, writes.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { writeCsv, type TableRow } from "../../src/server/history/csv";
import { writeJsonEnvelope } from "../../src/server/history/json-stream";
import { parseRfc4180 } from "./support/rfc4180";

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

async function serve(write: (res: Writable) => Promise<void>): Promise<string> {
  const server = createServer((_req, res) => void write(res).catch(() => undefined));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function* batches(...lists: TableRow[][]): AsyncGenerator<TableRow[]> {
  for (const list of lists) yield list;
}

const TRICKY: TableRow = [
  '=HYPERLINK("http://x")',
  "+1",
  "-2+3",
  "@SUM(A1)",
  "\tTab",
  "\rReturn",
  -12.5,
  0.000_000_15,
  1234567.25,
  true,
  false,
  null,
  'quote " and, comma',
  "line\r\nbreak",
  "中文标题 ＝ ok",
  "＝1+1",
];

test("CSV: BOM, CRLF, RFC 4180 quoting, numbers with a dot, booleans, injection guard on text only", async () => {
  const url = await serve((res) => writeCsv(res, ["a", "=b", "c"], batches([TRICKY], [["plain", 1, ""]])));
  const reply = await fetch(url);
  const bytes = Buffer.from(await reply.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  const records = parseRfc4180(text);
  expect(records[0]).toEqual(["a", "'=b", "c"]);
  expect(records[1]).toEqual([
    '\'=HYPERLINK("http://x")',
    "'+1",
    "'-2+3",
    "'@SUM(A1)",
    "'\tTab",
    "'\rReturn",
    "-12.5",
    "1.5e-7",
    "1234567.25",
    "TRUE",
    "FALSE",
    "",
    'quote " and, comma',
    "line\r\nbreak",
    "中文标题 ＝ ok",
    "'＝1+1",
  ]);
  expect(records[2]).toEqual(["plain", "1", ""]);
});

test("CSV: byte for byte what csv-stringify writes (RFC 4180, CRLF, BOM, escape_formulas), long repeated texts too", async () => {
  const formula = `=MAD.PRODUCTS("US",{${Array.from({ length: 40 }, (_, i) => `"B0${80_000 + i}"`).join(",")}})`;
  const long = `-${"x, y ".repeat(60)}`;
  const rows: TableRow[] = [
    TRICKY,
    ["lone\nfeed", "lone\rreturn", "", 0, -0.5, 1e21, "＋x", "－x", "＠x", "'quoted", " -lead space"],
    ...Array.from({ length: 5 }, (_, i): TableRow => [`2025-01-0${i + 1}`, formula, long, i, formula.slice(1)]),
    [formula, "short", "中文 \u00e9 😀", `${formula}"`],
  ];
  const header = ["a", "=b", "query", "中文"];
  const url = await serve((res) => writeCsv(res, header, batches(rows.slice(0, 3), [], rows.slice(3))));
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const expected = stringify([header, ...rows], {
    bom: true,
    record_delimiter: "windows",
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? "TRUE" : "FALSE") },
  });
  expect(bytes.toString("utf8")).toBe(expected);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
});

test("JSON: the service's envelope, rows as they came, valid JSON", async () => {
  const rows = async function* () {
    yield [{ a: 1, b: "=x" }];
    yield [];
    yield [{ a: null, b: "中文" }, { a: true }];
  };
  const url = await serve((res) => writeJsonEnvelope(res, { schedule: { id: "s-1", name: "n" } }, rows()));
  expect(await (await fetch(url)).json()).toEqual({
    code: "OK",
    message: "OK",
    data: { schedule: { id: "s-1", name: "n" }, rows: [{ a: 1, b: "=x" }, { a: null, b: "中文" }, { a: true }] },
  });
  const empty = await serve((res) => writeJsonEnvelope(res, {}, (async function* () {})()));
  expect(await (await fetch(empty)).json()).toEqual({ code: "OK", message: "OK", data: { rows: [] } });
});

test("a source that fails mid-answer cuts it: the reader never gets a short answer that looks whole", async () => {
  async function* failing(): AsyncGenerator<TableRow[]> {
    yield [["first", 1]];
    throw new Error("database went away");
  }
  const csv = await serve((res) => writeCsv(res, ["a", "b"], failing()));
  await expect(fetch(csv).then((r) => r.text())).rejects.toThrow();
  const json = await serve((res) => writeJsonEnvelope(res, {}, failing()));
  await expect(fetch(json).then((r) => r.text())).rejects.toThrow();
});

/** A reader that takes nothing until told: its buffer is small, so the writer must wait for it. */
function stalledReader(): { out: Writable; release: () => void; received: () => number } {
  let received = 0;
  let waiting: (() => void)[] = [];
  let released = false;
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (released) done();
      else waiting.push(done);
    },
  });
  return {
    out,
    received: () => received,
    release: () => {
      released = true;
      for (const done of waiting) done();
      waiting = [];
    },
  };
}

test.each(["csv", "json"])("%s: a slow reader holds the source back (the writer waits for drain)", async (format) => {
  let pulled = 0;
  const row = ["x".repeat(200), 1, 2, 3];
  async function* source(): AsyncGenerator<TableRow[]> {
    for (let i = 0; i < 1000; i++) {
      pulled++;
      yield [row];
    }
  }
  const reader = stalledReader();
  const writing =
    format === "csv"
      ? writeCsv(reader.out, ["a", "b", "c", "d"], source())
      : writeJsonEnvelope(
          reader.out,
          {},
          (async function* () {
            for await (const batch of source()) yield batch.map((r) => ({ r }));
          })(),
        );
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  // 1,000 rows of ~210 bytes; the reader's and the stringifier's buffers hold a few dozen at most.
  expect(pulled).toBeLessThan(200);
  reader.release();
  await writing;
  expect(pulled).toBe(1000);
  expect(reader.received()).toBeGreaterThan(200_000);
});

test("a reader that goes away stops the reading (the source is closed, not read to its end)", async () => {
  let pulled = 0;
  let closed = false;
  async function* endless(): AsyncGenerator<TableRow[]> {
    try {
      for (;;) {
        pulled++;
        yield [["y".repeat(1000)]];
      }
    } finally {
      closed = true;
    }
  }
  const reader = stalledReader();
  const writing = writeCsv(reader.out, ["a"], endless());
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  reader.out.destroy();
  await writing.catch(() => undefined);
  expect(closed).toBe(true);
  expect(pulled).toBeLessThan(100);
});
