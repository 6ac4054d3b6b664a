/**
 * A history answer's reading ends however its reader leaves. The relay reads the first batch (a cursor inside a
 * read-only transaction on a pooled connection) before it sends the answer's head; a reader who hung up meanwhile
 * must not leave that reading open, or each such request keeps a database connection idle in its transaction for
 * good, and ten of them (the pool) stop every history read and every scheduled snapshot. Over real HTTP on loopback,
 * the answer served only once its reader has gone.
 */
import { once } from "node:events";
import { createServer, request, type Server } from "node:http";
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

/** A kept history of three batches that records how far it was read and whether its reading was ended. */
function recordedHistory() {
  const reading = { batchesRead: 0, ended: false };
  const rows = async function* () {
    try {
      for (let batch = 0; batch < 3; batch++) {
        reading.batchesRead++;
        yield [];
      }
    } finally {
      reading.ended = true;
    }
  };
  const store = { rows } as unknown as HistoryStore;
  const database = { describe: "embedded" } as unknown as Database;
  const log: Record<string, unknown>[] = [];
  const sources: AnswerSources = { database, store, log: (event) => log.push(event) };
  return { reading, sources, log };
}

let server: Server | undefined;
afterEach(() => server?.close());

/** Serves `format` only after the reader has hung up; resolves once the relay is done with the request. */
async function answerAfterReaderLeft(format: AnswerFormat, sources: AnswerSources): Promise<void> {
  let served!: Promise<unknown>;
  server = createServer((_req, res) => {
    served = once(res, "close").then(() =>
      serveAnswer(res, { kind: "history", format, schedule: SCHEDULE, params: { latest: false } }, sources),
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const asked = request({ host: "127.0.0.1", port, path: `/v1/schedules/${SCHEDULE.id}/history.${format}` });
  asked.on("error", () => undefined); // the reader hangs up on purpose
  asked.end();
  await once(server, "request");
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
