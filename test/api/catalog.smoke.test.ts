import official from "../fixtures/official/operations.json";
import { OPERATIONS } from "../../src/api/catalog";

test("the catalog has one operation per operation of the official tables (23)", () => {
  expect(OPERATIONS).toHaveLength(official.operations.length);
  expect(OPERATIONS).toHaveLength(23);
});
