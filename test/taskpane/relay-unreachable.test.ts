/**
 * A team relay the pane cannot reach (issue 46: from the preview, the browser blocked it, and the pane spoke of a
 * forwarding proxy, which has nothing to do with a relay): the words are a relay's, in both languages, and point at
 * the local recipe (docs/deploy.md, "Trying a team relay from the preview").
 */
import { NetworkError } from "../../src/api/errors";
import { setLocale } from "../../src/i18n";
import { connectionReport } from "../../src/taskpane/connection/connection";
import { teamReport } from "../../src/taskpane/connection/relay-credential";

afterEach(() => setLocale("en"));

const unreachable = () => teamReport(connectionReport({ ok: false, error: new NetworkError("Failed to fetch") }));

test("a relay that cannot be reached is told as a relay, never as a forwarding proxy", () => {
  const report = unreachable();
  expect(report.title).toBe("The team relay cannot be reached");
  expect(report.detail).not.toMatch(/proxy/i);
  expect(report.detail).toMatch(/^Check the relay's address and that it is running\./);
  expect(report.detail).toContain("Trying a team relay from the preview");
});

test("in Chinese too", async () => {
  await setLocale("zh-CN");
  const report = unreachable();
  expect(report.title).toBe("无法连接团队中继");
  expect(report.detail).not.toMatch(/代理/);
  expect(report.detail).toContain("从预览页试用团队中继");
});
