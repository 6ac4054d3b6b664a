/**
 * The Alerts tab's model (src/taskpane/alerts): the condition picker's text read back by the relay's own parser, the
 * checks made before anything is sent (with the condition's error position), the request body, which field a
 * relay's refusal lands on, a formula's references read into values, the fields offered from a spilled header; and
 * the Office host reading a cell's formula and its spill's header from the strict Excel stand-in.
 */
import { conditionFields, parseCondition } from "../../src/relay-api/alert-condition";
import { ALERT_ID, ALERT_PROBLEMS } from "../../src/relay-api/alerts";
import { readFormulaText } from "../../src/formula/formula-text";
import {
  alertRequest,
  conditionText,
  deliverProblem,
  draftFor,
  draftProblems,
  fieldOfProblem,
  newAlertId,
  rowText,
  signingDestinations,
  whenProblem,
  type ConditionRow,
} from "../../src/taskpane/alerts/alert-form";
import {
  fieldChoices,
  formulaWithValues,
  suggestedName,
  UnreadableReference,
} from "../../src/taskpane/alerts/alert-source";
import type { CellTarget } from "../../src/taskpane/host/host-adapter";
import type { CellValue } from "../../src/taskpane/report-model/cells";
import { createOfficeHost } from "../../src/taskpane/host/office-host";
import { PLATFORMS, strictExcelPerTest } from "../support/strict-excel/jest";

const row = (kind: ConditionRow["kind"], field = "", op: ConditionRow["op"] = "<", number = ""): ConditionRow => ({
  kind,
  field,
  op,
  number,
});

describe("the condition picker's text", () => {
  test("each kind of line, joined with or / and, reads back through the relay's parser as the same condition", () => {
    const rows = [row("compare", "price", "<", "20"), row("change", "bsr", ">=", "100"), row("new")];
    const text = conditionText(rows, "or");
    expect(text).toBe("price < 20 or bsr change >= 100% or new rows");
    const parsed = parseCondition(text);
    expect("condition" in parsed && conditionFields(parsed.condition).map((f) => f.field)).toEqual(["price", "bsr"]);
    expect(conditionText([row("gone"), row("change", "price", "<=", "-15%")], "and")).toBe(
      "gone rows and price change <= -15%",
    );
  });

  test("a label with spaces or a keyword as a name goes in double quotes; incomplete lines are left out", () => {
    expect(rowText(row("compare", "Share of units", ">", "0.3"))).toBe('"Share of units" > 0.3');
    expect(rowText(row("compare", "rows", "=", "1"))).toBe('"rows" = 1');
    expect(rowText(row("compare", "价格", "<", "20"))).toBe("价格 < 20");
    expect(conditionText([row("compare", "price", "<", ""), row("compare", "", "<", "3"), row("new")], "and")).toBe(
      "new rows",
    );
    const quoted = parseCondition(rowText(row("compare", 'a "b" c', "<", "1")));
    expect("condition" in quoted && conditionFields(quoted.condition)[0].field).toBe('a "b" c');
  });
});

describe("checks before sending", () => {
  test("a condition that does not parse says where and what could come there", () => {
    expect(whenProblem("price <")).toBe("At character 8: expected a number; the condition ends there.");
    expect(whenProblem("price < 20 xor new rows")).toBe(
      "At character 12: expected a joining word (and, or) or the end; found xor.",
    );
    expect(whenProblem("")).toBe("Say when the alert fires: pick a condition above.");
    expect(whenProblem("price change <= -15% or new rows")).toBeUndefined();
  });

  test("destinations: 1 to 20, each a webhook or a mailto: address, the wrong one named", () => {
    expect(deliverProblem("")).toMatch(/^Say where to send it/);
    expect(deliverProblem("https://hooks.slack.com/services/T/B/x\nmailto:buyer@contoso.com")).toBeUndefined();
    // http:// is the relay's to judge (test/taskpane/alert-http.test.ts).
    expect(deliverProblem("https://ok.example.com/x, ftp://plain.example.com/x")).toBe(
      "ftp://plain.example.com/x is neither a webhook (https://, or http:// where the relay allows it) nor a mailto: address.",
    );
    const many = Array.from({ length: 21 }, (_, i) => `mailto:a${i}@example.com`).join("\n");
    expect(deliverProblem(many)).toBe("At most 20 destinations; there are 21.");
  });

  test("a draft's problems by field; a complete one has none", () => {
    const empty = draftFor("", "", "en");
    expect(Object.keys(draftProblems(empty)).sort()).toEqual(["deliver", "name", "query"]);
    const complete = {
      ...draftFor('=MAD.PRODUCTDETAILS("US","B07Z82895W")', "Mat", "en"),
      deliver: "mailto:buyer@contoso.com",
    };
    expect(draftProblems(complete)).toEqual({});
    expect(draftProblems({ ...complete, name: "x".repeat(101), when: "price <" })).toEqual({
      name: "A name has at most 100 characters.",
      when: "At character 8: expected a number; the condition ends there.",
    });
  });
});

test("the request body: the formula with its =, destinations one a line, the person's choices", () => {
  const draft = {
    ...draftFor(' MAD.PRODUCTDETAILS("US","B07Z82895W") ', " Mat prices ", "zh-CN"),
    when: " price < 20 ",
    every: "hourly" as const,
    digest: true,
    deliver: "https://oapi.dingtalk.com/robot/send?access_token=x\n\nmailto:buyer@contoso.com ",
  };
  expect(alertRequest(draft)).toEqual({
    name: "Mat prices",
    query: '=MAD.PRODUCTDETAILS("US","B07Z82895W")',
    when: "price < 20",
    every: "hourly",
    digest: true,
    deliver: ["https://oapi.dingtalk.com/robot/send?access_token=x", "mailto:buyer@contoso.com"],
    language: "zh-CN",
    muted: false,
    // The messages' times in the member's time zone (the runtime's own).
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  expect(newAlertId()).toMatch(ALERT_ID);
});

test("DingTalk robots and Feishu/Lark bots may be given a signing secret; it goes with its own destination only", () => {
  const dingtalk = "https://oapi.dingtalk.com/robot/send?access_token=aaaa1111";
  const feishu = "https://open.feishu.cn/open-apis/bot/v2/hook/bbbb2222";
  const lark = "https://open.larksuite.com/open-apis/bot/v2/hook/cccc3333";
  const slack = "https://hooks.slack.com/services/T0/B0/dddd4444";
  const deliver = [dingtalk, slack, feishu, "mailto:buyer@contoso.com", lark, dingtalk, "https://not a url"].join("\n");
  expect(signingDestinations(deliver)).toEqual([
    { destination: dingtalk, format: "dingtalk" },
    { destination: feishu, format: "feishu" },
    { destination: lark, format: "feishu" },
  ]);
  const draft = {
    ...draftFor('=MAD.PRODUCTS("US","B07Z82895W")', "Watch", "en"),
    deliver: [dingtalk, slack, feishu, lark].join("\n"),
    // A secret typed for Slack (which does not sign) and a blank one for Lark are not sent.
    secrets: { [dingtalk]: " SECabc123 ", [slack]: "SECnot-sent", [feishu]: "SECfeishu", [lark]: "  " },
  };
  expect(alertRequest(draft).deliver).toEqual([
    { url: dingtalk, secret: "SECabc123" },
    slack,
    { url: feishu, secret: "SECfeishu" },
    lark,
  ]);
  // A destination taken out of the list takes its secret with it.
  expect(alertRequest({ ...draft, deliver: slack }).deliver).toEqual([slack]);
});

test("every refusal of the relay lands on a field of the form (the whole form for the others)", () => {
  const byField = Object.fromEntries(ALERT_PROBLEMS.map((p) => [p, fieldOfProblem(p)]));
  expect(byField).toMatchObject({
    "when-field": "when",
    "when-syntax": "when",
    "when-not-number": "when",
    "query-arguments": "query",
    "destination-refused": "deliver",
    "over-budget": "form",
    name: "name",
  });
});

describe("a formula's references read into values", () => {
  const cells: Record<string, CellValue[][]> = {
    "Sheet1!B3": [["US"]],
    "Sheet1!B4:D4": [["B07Z82895W", "B0DGVP84B5", ""]],
    "My 'Sheet'!A1": [[50]],
    "Sheet1!B9": [[""]],
  };
  const read = async (target: CellTarget) => {
    const found = cells[`${target.sheet}!${target.address}`];
    if (!found) throw new Error(`no cells at ${target.sheet}!${target.address}`);
    return found;
  };

  test("a cell as its value, a block as an array constant, an empty cell as an omitted argument", async () => {
    const query = await formulaWithValues("=MAD.PRODUCTDETAILS($B$3,$B$4:$D$4,'My ''Sheet'''!$A$1,B9)", "Sheet1", read);
    expect(query).toBe('=MAD.PRODUCTDETAILS("US",{"B07Z82895W","B0DGVP84B5",""},50,)');
    expect(readFormulaText(query)).toEqual({
      call: { name: "MAD.PRODUCTDETAILS", args: ["US", [["B07Z82895W", "B0DGVP84B5", ""]], 50, null] },
    });
    expect(suggestedName(query)).toBe("MAD.PRODUCTDETAILS US B07Z82895W B0DGVP84B5");
  });

  test("a formula with values comes back as it is; a reference that cannot be read is named", async () => {
    const typed = '=MAD.KEYWORDRESEARCH("US","yoga ""mat""")';
    expect(await formulaWithValues(typed, "Sheet1", read)).toBe(typed);
    await expect(formulaWithValues("=MAD.PRODUCTS(Z99)", "Sheet1", read)).rejects.toEqual(
      new UnreadableReference("Z99"),
    );
  });
});

describe("the columns a condition may name", () => {
  test("from the spilled header, by wire name or label, numbers marked; without one, every column of the records", () => {
    const query = '=MAD.PRODUCTDETAILS("US","B07Z82895W")';
    const shown = fieldChoices(query, ["asin", "price", "bsrRank", "not a column"]);
    expect(shown.map((f) => [f.name, f.numeric])).toEqual([
      ["asin", false],
      ["price", true],
      ["bsrRank", true],
    ]);
    const all = fieldChoices(query, []);
    expect(all.length).toBeGreaterThan(shown.length);
    const byLabel = fieldChoices(query, [all.find((f) => f.name === "price")!.label]);
    expect(byLabel.map((f) => f.name)).toEqual(["price"]);
    expect(fieldChoices(query, ["field", "value"])).toEqual(all); // one record, shown as field | value rows
    expect(fieldChoices("=SUM(A1:A3)", ["price"])).toEqual([]);
  });
});

describe.each(PLATFORMS)("the Office host reads a formula's cell for an alert (%s)", (platform) => {
  const session = strictExcelPerTest({ platform, sheets: ["Sheet1"] });

  test("the formula as typed and its spill's header row, from any cell of the result; a value cell has none; no spill yet, no header", async () => {
    const { excel } = session;
    excel.type("Sheet1", "B3", "US");
    excel.type("Sheet1", "D4", '=MAD.PRODUCTDETAILS(B3,"B07Z82895W")');
    const host = createOfficeHost();
    expect(await host.readFormulaAt({ sheet: "Sheet1", address: "D4" })).toEqual({
      address: "D4",
      formula: '=MAD.PRODUCTDETAILS(B3,"B07Z82895W")',
      header: [],
    });
    excel.manual.at("D4").answer([
      ["asin", "price", "bsr"],
      ["B07Z82895W", 19.99, 120],
    ]);
    await excel.idle();
    const answered = {
      address: "D4",
      formula: '=MAD.PRODUCTDETAILS(B3,"B07Z82895W")',
      header: ["asin", "price", "bsr"],
    };
    expect(await host.readFormulaAt({ sheet: "Sheet1", address: "D4" })).toEqual(answered);
    // Any cell of the result gives its formula's.
    expect(await host.readFormulaAt({ sheet: "Sheet1", address: "F5" })).toEqual(answered);
    expect(await host.readFormulaAt({ sheet: "Sheet1", address: "B3" })).toEqual({
      address: "B3",
      formula: null,
      header: [],
    });
    expect(await host.readFormulaAt({ sheet: "Sheet1", address: "G9" })).toEqual({
      address: "G9",
      formula: null,
      header: [],
    });
  });
});
