import official from "../fixtures/official/operations.json";
import { OPERATIONS } from "../../src/api/catalog";
import { fixtureCodes } from "./support/fixtures";

test("every operation has its own code, and every real response in the fixture folder names one of them", () => {
  const codes = OPERATIONS.map((op) => op.code);
  expect(new Set(codes).size).toBe(OPERATIONS.length);
  expect(fixtureCodes().filter((code) => !codes.includes(code as never))).toEqual([]);
});

test("the catalog has one operation per operation of the official tables ", () => {
  expect(OPERATIONS).toHaveLength(official.operations.length);
});
