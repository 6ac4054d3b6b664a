/**
 * The department lookup (issue 45): GET /v1/keyword-research/department answers a marketplace's departments as the
 * official docs show them ({code, label}), MAD.DEPARTMENTS spills them, and the builder's department picker (model
 * level) lists them once per marketplace through the engine and narrows them by name or code as the person types,
 * its pick being the code keyword research's and ABA research's `departments` take. Against the simulator over HTTP.
 */
import { operation } from "../../src/api/catalog";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { type Engine } from "../../src/engine/types";
import {
  DepartmentSearch,
  engineDepartments,
  takesDepartmentCodes,
  type DepartmentSearchState,
} from "../../src/taskpane/shared/department-search";
import { useSimulator } from "../support/simulator";

const SECRET = "f0e1d2c3b4a5968778695a4b3c2d1e0f";
let engine: Engine;
const sim = useSimulator({ secret: SECRET });
beforeAll(async () => {
  engine = createEngine({ store: memoryStore(), perMinute: 1000 });
  await engine.writeSettings({ secret: SECRET, baseUrl: sim.url });
});

test("the simulator answers the department lookup in the documented shape: a list of {code, label}", async () => {
  const reply = await fetch(`${sim.url}/v1/keyword-research/department?marketplace=US`, {
    headers: { "secret-key": SECRET },
  });
  const body = (await reply.json()) as { code: string; data: { code: string; label: string }[] };
  expect(body.code).toBe("OK");
  expect(body.data.length).toBeGreaterThan(5);
  for (const department of body.data) expect(Object.keys(department).sort()).toEqual(["code", "label"]);
  expect(body.data).toContainEqual({ code: "toys-and-games", label: "Toys & Games" });
});

test("keyword research's and ABA research's departments take its codes", () => {
  const codes = ["keyword_research", "aba_research_weekly", "aba_research_monthly"] as const;
  const takers = codes.flatMap((code) =>
    (operation(code).params as readonly { name: string }[]).filter((p) => takesDepartmentCodes(p)),
  );
  expect(takers.map((p) => p.name)).toEqual(["departments", "departments", "departments"]);
});

test("the picker lists a marketplace's departments once and narrows them by name or code as typed", async () => {
  let lookups = 0;
  const lookup = engineDepartments(engine);
  const search = new DepartmentSearch(async (market) => {
    lookups++;
    return lookup(market);
  });
  const states: DepartmentSearchState[] = [];
  search.subscribe((state) => states.push(state));
  await search.type("", "toys");
  expect(search.state).toEqual({ status: "idle" });
  await search.type("US", "");
  expect(states.map((s) => s.status)).toEqual(["idle", "loading", "done"]);
  const all = search.state.status === "done" ? search.state.choices.length : 0;
  expect(all).toBeGreaterThan(5);
  await search.type("US", "toy");
  expect(search.state).toMatchObject({
    status: "done",
    words: "toy",
    all,
    choices: [{ code: "toys-and-games", label: "Toys & Games" }],
  });
  await search.type("US", "hpc");
  expect(search.state).toMatchObject({ choices: [{ code: "hpc" }] });
  await search.type("US", "zzz");
  expect(search.state).toMatchObject({ status: "done", choices: [] });
  expect(lookups).toBe(1);
  await search.type("DE", "toys");
  expect(lookups).toBe(2);
});
