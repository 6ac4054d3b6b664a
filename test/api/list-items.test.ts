/**
 * One pasted list reads as the same items wherever it is given (issue 47): in a formula's cell or range, the
 * MAD.PRODUCTS list, the task pane's form, its templates, the alerts form, a request to the team relay (its JSON body
 * or its query) and a lookup's keys. The list mixes every separator a person pastes: commas, semicolons, line breaks
 * (CRLF too), tabs, the full-width ，and ；a Chinese input method types, blank items and surrounding spaces.
 */
import { operation, type OperationCode } from "../../src/api/catalog";
import type { ParamSpec } from "../../src/api/catalog-types";
import { isBlank, listItems } from "../../src/api/kinds/list-items";
import { formControl, readCells, readFormValue, readQuery } from "../../src/api/kinds/read";
import { isLookup } from "../../src/api/lookups/batch";
import { checkLookup } from "../../src/api/lookups/calls";
import { checkParams } from "../../src/api/validate";
import { rowsPlan } from "../../src/formula/lookup-plans";
import { teamRequest } from "../../src/server/team/team-request";
import { destinationsOf } from "../../src/taskpane/alerts/alert-form";
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { countAsins } from "../../src/taskpane/templates/asin-lists";

const NOW = new Date(Date.UTC(2025, 7, 14, 12));
const ASINS = ["B0DGVP84B1", "B0DGVP84B2", "B0DGVP84B3", "B0DGVP84B4", "B0DGVP84B5", "B0DGVP84B6", "B0DGVP84B7"];
const KEYWORDS = ["yoga mat", "foam roller", "ab wheel", "jump rope", "resistance band", "kettlebell", "pull up bar"];

/** Seven items pasted with every separator (`last` before the last one), blanks between them and spaces around. */
const pasted = (items: readonly string[], last = "\t") =>
  `  ${items[0]}, ${items[1]};${items[2]}\r\n${items[3]}，${items[4]}；\n\n ,; ${items[5]}${last}${items[6]} ;`;
/** The ASINs as a person pastes them: the last one after a space only, and in lower case. */
const ASIN_TEXT = pasted([...ASINS.slice(0, 6), ASINS[6].toLowerCase()], " ");

const specOf = (code: OperationCode, name: string) =>
  (operation(code).params as readonly ParamSpec[]).find((p) => p.name === name)!;
const context = { label: "list", params: {} };
const upper = (items: unknown) => (items as string[]).map((item) => item.toUpperCase());

describe("a list of ASINs", () => {
  const code = "competitor_lookup";
  const spec = specOf(code, "asins");

  test("in a formula: one cell, a range of cells, MAD.PRODUCTS", () => {
    expect(upper(readCells(spec, ASIN_TEXT, context))).toEqual(ASINS);
    const [first, ...rest] = ASIN_TEXT.split("\n");
    expect(upper(readCells(spec, [[first], [rest.join("\n")]], context))).toEqual(ASINS);
    expect(rowsPlan({ market: "US", positional: [ASIN_TEXT] }).params.asins).toEqual(ASINS);
  });

  test("in the pane: the form, the templates' inputs and their count", () => {
    expect(upper(readFormValue(spec, formControl(spec), ASIN_TEXT))).toEqual(ASINS);
    expect(readInputs({ asins: ASIN_TEXT }).asins).toEqual(ASINS);
    expect(countAsins(`${ASIN_TEXT}, ${ASINS[0]}`)).toEqual({ count: ASINS.length, repeats: 1 });
  });

  test("sent: the catalog's check, a relay member's JSON body and query, a lookup's keys", () => {
    expect(checkParams(code, { marketplace: "US", asins: ASIN_TEXT }, { now: NOW }).params?.asins).toEqual(ASINS);
    const relayed = teamRequest(operation(code), { marketplace: "US", asins: ASIN_TEXT }, NOW.getTime());
    expect("request" in relayed && relayed.request.params.asins).toEqual(ASINS);
    const query = readQuery(operation(code).params as readonly ParamSpec[], [["asins", ASIN_TEXT]]);
    expect(upper(query.asins)).toEqual(ASINS);
    expect(isLookup(operation(code), { marketplace: "US", asins: ASIN_TEXT })).toBe(true);
    expect(checkLookup(code, { marketplace: "US", asins: ASIN_TEXT }, { now: NOW }).keys).toEqual(ASINS);
  });
});

describe("a list whose items hold spaces (keywords): the same separators, spaces kept inside items", () => {
  const code = "keyword_conversion";
  const spec = specOf(code, "includeKeywords");
  const text = pasted(KEYWORDS);

  test("in a formula, the pane's form, the catalog's check and the relay", () => {
    expect(readCells(spec, text, context)).toEqual(KEYWORDS);
    const range = text.split("\n").map((line) => [line]);
    expect(readCells(spec, range, context)).toEqual(KEYWORDS);
    expect(readFormValue(spec, formControl(spec), text)).toEqual(KEYWORDS);
    const given = { marketplace: "US", keyword: "yoga", includeKeywords: text };
    expect(checkParams(code, given, { now: NOW }).params?.includeKeywords).toEqual(KEYWORDS);
    const relayed = teamRequest(operation(code), given, NOW.getTime());
    expect("request" in relayed && relayed.request.params.includeKeywords).toEqual(KEYWORDS);
  });
});

test("the alerts form's destinations: the same separators, spaces too (an address holds none)", () => {
  const hooks = ["a", "b", "c", "d", "e", "f", "g"].map((name) => `https://hooks.example.com/${name}`);
  expect(destinationsOf(pasted(hooks))).toEqual(hooks);
  expect(destinationsOf(hooks.join("　"))).toEqual(hooks);
});

test("whole numbers: spaces separate them, as the other separators do", () => {
  const spec = specOf("trademark_list", "niceClass");
  const text = "9, 35;\n42，5 7";
  expect(readCells(spec, text, context)).toEqual([9, 35, 42, 5, 7]);
  expect(readFormValue(spec, formControl(spec), text)).toEqual(["9", "35", "42", "5", "7"]);
});

test("one blank test: nothing, or spaces only (a full-width one too); a 0 or FALSE is a value", () => {
  for (const blank of [null, undefined, "", "  ", "\t\n", "　"]) expect(isBlank(blank)).toBe(true);
  for (const value of [0, false, "0", "x", []]) expect(isBlank(value)).toBe(false);
  expect(listItems([" ", null, [["", " , ；"]]])).toEqual([]);
  expect(listItems([4, true, ["a; b"]])).toEqual(["4", "true", "a", "b"]);
});
