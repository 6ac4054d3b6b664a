/** Path parameters: one template gives the concrete path (each value one encoded segment) and reads it back. */
import { OPERATIONS } from "../../src/api/catalog";
import { fillPath, matchPath, pathParamNames } from "../../src/api/paths";

const hasPathParams = (template: string) => pathParamNames(template).length > 0;

test("a template's names, filled and read back; the other parameters stay for the query or the body", () => {
  const template = "/v1/traffic/listing/stat/{marketplace}/{asin}";
  expect(pathParamNames(template)).toEqual(["marketplace", "asin"]);
  const { path, rest } = fillPath(template, { marketplace: "US", asin: "B07Z82895W", month: "202507" });
  expect(path).toBe("/v1/traffic/listing/stat/US/B07Z82895W");
  expect(rest).toEqual({ month: "202507" });
  expect(matchPath(template, path)).toEqual({ marketplace: "US", asin: "B07Z82895W" });
  expect(matchPath(template, "/v1/traffic/listing/stat/US")).toBeUndefined();
  expect(matchPath("/v1/product/research", "/v1/product/research")).toEqual({});
});

test("a value is one segment: it cannot add a segment, a query or climb", () => {
  const { path } = fillPath("/v1/asin/{marketplace}/{asin}", { marketplace: "US", asin: "../x?y=1#z" });
  expect(path).toBe("/v1/asin/US/..%2Fx%3Fy%3D1%23z");
  expect(matchPath("/v1/asin/{marketplace}/{asin}", path)).toBeUndefined();
  expect(() => fillPath("/v1/asin/{marketplace}/{asin}", { marketplace: "US" })).toThrow(/asin/);
});

test("no two catalog routes match one concrete path", () => {
  const samples = OPERATIONS.filter((op) => hasPathParams(op.path)).map(
    (op) => fillPath(op.path, { marketplace: "US", asin: "B07Z82895W" }).path,
  );
  for (const path of samples) {
    const routes = OPERATIONS.filter((op) => matchPath(op.path, path) !== undefined).map((op) => op.code);
    expect([path, routes.length]).toEqual([path, 1]);
  }
});
