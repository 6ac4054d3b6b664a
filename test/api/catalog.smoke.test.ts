import { OPERATIONS } from "../../src/api/catalog";
test("catalog has 22 operations", () => expect(OPERATIONS).toHaveLength(22));
