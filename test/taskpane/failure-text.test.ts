/**
 * The task pane's words for a service refusal: the parameter the service named (ERROR_PARAM with `data`), and a
 * permanent refusal (ERROR_UNAUTHORIZED, an unknown code) that never says "try again later".
 */
import { errorFromResponse } from "../../src/api/errors";
import { failureText } from "../../src/taskpane/shared/services";

test("ERROR_PARAM with data nodeIdPath: the pane says nodeIdPath was refused and what to check", () => {
  const error = errorFromResponse({
    status: 200,
    body: { code: "ERROR_PARAM", message: "参数错误", data: "nodeIdPath" },
  });
  const text = failureText(error);
  expect(text).toMatch(/^The service refused the parameter nodeIdPath/);
  expect(text).toMatch(/Check the value of nodeIdPath/);
});

test.each([
  [{ code: "ERROR_UNAUTHORIZED", message: "未授权" }, /not authorised for this operation/],
  [{ code: "ERROR_QUOTA_FROZEN", message: "冻结" }, /error code ERROR_QUOTA_FROZEN \("quota frozen"\)/],
])("%j: a permanent refusal in plain words", (body, words) => {
  const text = failureText(errorFromResponse({ status: 200, body }));
  expect(text).toMatch(words);
  expect(text).not.toMatch(/try again later/i);
});
