/**
 * A history answer's reading ends however its reader leaves. The relay reads the first batch (a cursor inside a
 * read-only transaction on a pooled connection) before it sends the answer's head; a reader who hung up meanwhile
 * must not leave that reading open, or each such request keeps a database connection idle in its transaction for
 * good, and ten of them (the pool) stop every history read and every scheduled snapshot; nor may a reader that stops
 * taking the answer hold it for longer than the relay's stall time. Over real HTTP on loopback.
 */
import { once } from "node:events";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Schedule } from "../../src/relay-api/schedules";
import { serveAnswer, type AnswerFormat, type AnswerSources } from "../../src/server/history/answers";
import type { Database } from "../../src/server/history/database";
import type { HistoryStore } from "../../src/server/history/snapshots";

const SCHEDULE: Schedule = {
  id: "r-watch-0001",
  name: "Watch",
  at: "07:00",
  timeZone: "Europe/Berlin",
  history: true,
  queries: [{ operation: "competitor_lookup", params: { marketplace: "US", asins: ["B0AAAAAAA1"] } }],
  member: "alice",
  createdAt: 0,
  nextRunAt: 0,
};

/**
 * A kept history of `batches` batches (`Infinity`: for as long as it is read), each `batch`, recording how far it was
 * read and whether its reading was ended; `more` adds to the answer's sources.
 */
function trackedHistory(batch: readonly unknown[], batches: number, more: Partial<AnswerSources> = {}) {
  const reading = { batchesRead: 0, ended: false };
  const rows = async function* () {
    try {
      for (let read = 0; read < batches; read++) {
        reading.batchesRead++;
        yield batch;
      }
    } finally {
      reading.ended = true;
    }
  };
  const sources: AnswerSources = {
    database: { describe: "embedded" } as unknown as Database,
    store: { rows } as unknown as HistoryStore,
    log: () => undefined,
    ...more,
  };
  return { reading, sources };
}

/** A history of three empty batches, and the relay's log of its reading. */
function recordedHistory() {
  const log: Record<string, unknown>[] = [];
  return { ...trackedHistory([], 3, { log: (event) => log.push(event) }), log };
}

/** A history that goes on for as long as it is read (1 MB a batch), cut after 200 ms of a reader taking nothing. */
function endlessHistory() {
  const row = {
    taken_on: "2025-05-01",
    taken_at: "2025-05-01T01:00:00.000Z",
    query_index: 0,
    query: "x".repeat(50_000),
    fields: {},
  };
  return trackedHistory(
    Array.from({ length: 20 }, () => row),
    Infinity,
    { stallMs: 200 },
  );
}

let server: Server | undefined;
afterEach(() => server?.close());

/** A server on loopback answering with `handle`, once it listens, and its port. */
async function serving(handle: (res: ServerResponse) => void): Promise<{ listening: Server; port: number }> {
  const listening = (server = createServer((_req, res) => handle(res)));
  listening.listen(0, "127.0.0.1");
  await once(listening, "listening");
  return { listening, port: (listening.address() as AddressInfo).port };
}

/** Serves `format` only after the reader has hung up; resolves once the relay is done with the request. */
async function answerAfterReaderLeft(format: AnswerFormat, sources: AnswerSources): Promise<void> {
  let served!: Promise<unknown>;
  const { listening, port } = await serving((res) => {
    served = once(res, "close").then(() =>
      serveAnswer(res, { kind: "history", format, schedule: SCHEDULE, params: { latest: false } }, sources),
    );
  });
  const asked = request({ host: "127.0.0.1", port, path: `/v1/schedules/${SCHEDULE.id}/history.${format}` });
  asked.on("error", () => undefined); // the reader hangs up on purpose
  asked.end();
  await once(listening, "request");
  asked.destroy();
  await served;
}

describe.each(["csv", "json"] as const)("history.%s", (format) => {
  it("ends the database reading when the reader left before the answer's head was sent", async () => {
    const { reading, sources, log } = recordedHistory();
    await answerAfterReaderLeft(format, sources);
    expect(reading).toEqual({ batchesRead: 1, ended: true });
    expect(log).toEqual([]);
  });
});

it("cuts the answer of a reader that stopped taking it, after the stall time, and ends the database reading", async () => {
  const { reading, sources } = endlessHistory();
  let served!: Promise<unknown>;
  const { port } = await serving((res) => {
    served = serveAnswer(
      res,
      { kind: "history", format: "csv", schedule: SCHEDULE, params: { latest: false } },
      sources,
    );
  });
  const asked = request({ host: "127.0.0.1", port, path: `/v1/schedules/${SCHEDULE.id}/history.csv` });
  asked.end();
  const [answer] = (await once(asked, "response")) as [IncomingMessage];
  expect(answer.statusCode).toBe(200);
  answer.pause(); // the reader takes the head and then nothing more
  await served; // the relay gave up on it: the answer cut, its connection closed
  asked.destroy();
  expect(reading.ended).toBe(true);
  // It stopped once the connection's buffers were full: it did not read the whole (endless) history into memory.
  expect(reading.batchesRead).toBeLessThan(200);
});
