import { meterLevel, meterText, teamCallsText } from "../../src/taskpane/shared/calls-meter";

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

it("through a team relay the meter also says the member's calls left and the team plan's", () => {
  expect(teamCallsText({ member: { remaining: 120, quota: 500 }, plan: { remaining: 9880, quota: 30000 } })).toBe(
    "You: 120 of 500 calls left · Team plan: 9,880 of 30,000 calls left",
  );
  expect(teamCallsText({ member: { remaining: null, quota: null }, plan: { remaining: 12, quota: null } })).toBe(
    "You: no budget of your own · Team plan: 12 calls left",
  );
});
