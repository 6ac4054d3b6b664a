/** Each record's row key (RECORD_KEYS, what alerts compare rows by) names columns that record has. */
import { OPERATIONS } from "../../src/api/catalog";
import { RECORD_FIELDS, RECORD_KEYS, type RecordName } from "../../src/api/records";
import { columnsOf } from "../../src/table/columns";

test.each(Object.keys(RECORD_FIELDS) as RecordName[])("%s: its key is one or more of its columns", (record) => {
  const names = columnsOf(RECORD_FIELDS[record]).map((c) => c.name);
  expect(RECORD_KEYS[record].length).toBeGreaterThan(0);
  for (const key of RECORD_KEYS[record]) expect(names).toContain(key);
});

test("every operation's record has a key", () => {
  for (const op of OPERATIONS) expect(RECORD_KEYS[op.record]).toBeDefined();
});
