/**
 * Team mode without Redis: members live in a members file that `npm run team` (another process) writes and one
 * relay reads (src/server/team/members-file.ts, memory-store.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MembersFile } from "../../src/server/team/members-file";
import { MemoryStore } from "../../src/server/team/memory-store";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "mad-members-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const schedule = (member: string) => ({
  id: "report-0001",
  member,
  name: "Market 172282",
  at: "07:00",
  timeZone: "UTC",
  queries: [],
  createdAt: 1,
  nextRunAt: 2,
});

test("a member revoked and added again by another process starts with no schedules in the relay", async () => {
  const file = path.join(dir, "members.json");
  const relay = new MemoryStore(new MembersFile(file));
  const cli = () => new MemoryStore(new MembersFile(file)); // each `npm run team` is a process of its own
  await cli().addMember({ name: "pat", role: "member", monthlyBudget: null, createdAt: 1_000 }, "a".repeat(64));
  await relay.scheduleSave(schedule("pat"));
  expect((await relay.schedules()).map((s) => s.id)).toEqual(["report-0001"]);
  await cli().revokeMember("pat");
  await cli().addMember({ name: "pat", role: "member", monthlyBudget: null, createdAt: 2_000 }, "b".repeat(64));
  expect(await relay.schedules()).toEqual([]);
  await relay.scheduleSave(schedule("pat")); // the new pat's own schedule stays
  expect((await relay.schedules()).map((s) => s.member)).toEqual(["pat"]);
});

test("a malformed members file is named in the error", async () => {
  const file = path.join(dir, "members.json");
  for (const text of ["{not json", "null", '{"members": 3}']) {
    writeFileSync(file, text);
    const store = new MemoryStore(new MembersFile(file));
    await expect(store.members()).rejects.toThrow(file);
  }
});
