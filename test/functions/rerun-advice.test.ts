/**
 * A cell never tells a person to press F9: Calculate Now does not rerun non-volatile custom functions (office-js
 * #1462). Messages that invite another try say what does: Refresh in the task pane's Reports tab, or Ctrl+Alt+F9.
 */
import { AbortError, TimeoutError } from "../../src/api/errors";
import { describeFailure } from "../../src/formula/errors";
import { setLocale } from "../../src/i18n/locale";

const saysWhatWorks = (message: string) => {
  expect(message).toMatch(/Refresh in the task pane's Reports tab, or Ctrl\+Alt\+F9\./);
  expect(message.replace(/Ctrl\+Alt\+F9/g, "")).not.toMatch(/F9/);
};

it.each([
  ["a formula cancelled by Excel", new AbortError()],
  ["a service that timed out", new TimeoutError("total", 60_000)],
  ["an unexpected error", new Error("boom")],
])("%s says how to rerun it", (_, error) => {
  const failure = describeFailure(error);
  expect(failure.code).toBe("#N/A");
  expect(failure.message.length).toBeLessThanOrEqual(250);
  saysWhatWorks(failure.message);
});

it("the cancelled message is the one cells show", () => {
  expect(describeFailure(new AbortError()).message).toBe(
    "Cancelled by Excel. To rerun it: Refresh in the task pane's Reports tab, or Ctrl+Alt+F9.",
  );
});

it.each([
  ["a formula cancelled by Excel", new AbortError()],
  ["a service that timed out", new TimeoutError("total", 60_000)],
  ["an unexpected error", new Error("boom")],
])("in Chinese too, %s says how to rerun it", async (_, error) => {
  await setLocale("zh-CN");
  try {
    const { message } = describeFailure(error);
    expect(message).toContain("重新运行：在任务窗格的“报表”页点击刷新，或按 Ctrl+Alt+F9。");
    expect(message.replace(/Ctrl\+Alt\+F9/g, "")).not.toMatch(/F9/);
  } finally {
    await setLocale("en");
  }
});
