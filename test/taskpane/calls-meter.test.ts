import { meterLevel, meterText } from "../../src/taskpane/shared/CallsMeter";

it("the calls meter says used / quota when the plan's size is known, else the calls left", () => {
  expect(meterText({ remainingThisMonth: 988, quotaThisMonth: 1000 })).toBe(
    "12 / 1,000 calls used this month (988 left)",
  );
  expect(meterText({ remainingThisMonth: 1234, quotaThisMonth: null })).toBe("1,234 calls left this month");
  expect(meterText({ remainingThisMonth: null, quotaThisMonth: null })).toBe("Calls left this month: not known yet");
});

it("the calls meter turns warning under 20% left and error under 5%", () => {
  expect(meterLevel(500, 1000)).toBe("success");
  expect(meterLevel(199, 1000)).toBe("warning");
  expect(meterLevel(49, 1000)).toBe("error");
  expect(meterLevel(0, 0)).toBe("error");
});
