/**
 * `npm run bench` measures dist/ only when it is the build the bench needs: a production build WITH the preview page
 * (its browser scenarios open preview.html), newer than the sources. A build for hosting (ADDIN_BASE_URL, no preview
 * page), a development build or a stale one is rebuilt into .bench/dist instead of leaving rows unmeasured.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { usableBuild } from "../../bench/bundle";

let root: string;
const dist = () => path.join(root, "dist");
const write = (file: string, text = "x") => writeFileSync(path.join(root, file), text);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "bench-bundle-"));
  mkdirSync(path.join(root, "src"));
  mkdirSync(dist());
  write("src/index.ts");
  const past = new Date(Date.now() - 60_000);
  utimesSync(path.join(root, "src/index.ts"), past, past);
  for (const file of ["functions.js", "taskpane.js", "taskpane.html"]) write(`dist/${file}`, "!function(){}();");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("a build for hosting (no preview page) is not measured: the browser scenarios need the preview", () => {
  expect(usableBuild(root, dist())).toBe(false);
});

test("a fresh production build with the preview page is measured as it is", () => {
  write("dist/preview.html", "<html></html>");
  expect(usableBuild(root, dist())).toBe(true);
});

test("a development build or one older than the sources is rebuilt", () => {
  write("dist/preview.html", "<html></html>");
  write("dist/functions.js", "/******/ (() => {})();");
  expect(usableBuild(root, dist())).toBe(false);
  write("dist/functions.js", "!function(){}();");
  const past = new Date(Date.now() - 120_000);
  utimesSync(path.join(dist(), "functions.js"), past, past);
  expect(usableBuild(root, dist())).toBe(false);
});
