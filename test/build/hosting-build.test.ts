/**
 * `npm run screenshots` and the browser tests build dist/ when it is stale, but never over a build for hosting
 * (ADDIN_BASE_URL): that one is recognised (task pane, no preview page) and named by its address, so the person who
 * made it is told instead of finding a preview build in its place.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hostingBuildIn } from "../browser/support/built-addin";

let dist: string;
beforeEach(() => (dist = mkdtempSync(path.join(tmpdir(), "hosting-build-"))));
afterEach(() => rmSync(dist, { recursive: true, force: true }));
const write = (file: string, text = "") => writeFileSync(path.join(dist, file), text);

test("a build for hosting is recognised and named by the address in its manifest", () => {
  write("taskpane.html");
  write("manifest.xml", '<SourceLocation DefaultValue="https://addins.example.com/mad/taskpane.html"/>');
  expect(hostingBuildIn(dist)).toBe("https://addins.example.com/mad/");
});

test("a local build (with the preview page) or no build at all is not one", () => {
  expect(hostingBuildIn(dist)).toBeNull();
  write("taskpane.html");
  write("preview.html");
  expect(hostingBuildIn(dist)).toBeNull();
});
