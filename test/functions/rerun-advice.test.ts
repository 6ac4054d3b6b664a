/**
 * A cell never tells a person to press F9: Calculate Now does not rerun non-volatile custom functions (office-js
 * #1462). Messages that invite another try say what does: Refresh in the task pane's Reports tab, or Ctrl+Alt+F9.
 */
import { AbortError, TimeoutError } from "../../src/api/errors";
import { CANCELLED_MESSAGE, describeFailure } from "../../src/functions/errors";

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
  saysWhatWorks(CANCELLED_MESSAGE);
});
