/**
 * The department picker's search, without React: a marketplace's departments come from the department lookup
 * (keyword_research_department, GET /v1/keyword-research/department, the operation behind MAD.DEPARTMENTS) through
 * the engine, once per marketplace and session (the engine caches them for their data period too); what the person
 * types then narrows them on the spot, by the words of a department's name or its code, with no call per keystroke.
 * Keyword research's and ABA research's `departments` take these codes (the official docs' tables point at them).
 */
import type { DepartmentRecord } from "../../api/records";
import type { Engine } from "../../engine";

interface DepartmentChoice {
  /** What `departments` takes: `automotive`. */
  readonly code: string;
  /** `Automotive Parts & Accessories`. */
  readonly label: string;
}

export type DepartmentSearchState =
  | { readonly status: "idle" }
  | { readonly status: "loading" }
  | {
      readonly status: "done";
      readonly words: string;
      /** Departments of the marketplace, before narrowing. */
      readonly all: number;
      readonly choices: readonly DepartmentChoice[];
    }
  | { readonly status: "failed"; readonly error: unknown };

/** Lists a marketplace's departments: the engine's query in the pane, anything in tests. */
type DepartmentLookup = (market: string) => Promise<readonly DepartmentRecord[]>;

/** Whether a parameter takes the department lookup's codes (keyword research's and ABA research's `departments`). */
export const takesDepartmentCodes = (spec: { readonly name: string }): boolean => spec.name === "departments";

/** The engine as a lookup: one department-lookup query per marketplace (the engine caches and dedupes it too). */
export const engineDepartments =
  (engine: Engine): DepartmentLookup =>
  async (market) =>
    (await engine.query("keyword_research_department", { marketplace: market })).rows;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The departments whose name or code has a word starting with each typed word, in the service's order. */
function matchDepartments(all: readonly DepartmentChoice[], text: string): DepartmentChoice[] {
  const wanted = wordsOf(text);
  return all.filter((d) => {
    const have = [...wordsOf(d.label), ...wordsOf(d.code), d.code.toLowerCase()];
    return wanted.every((w) => have.some((h) => h.startsWith(w)));
  });
}

const choiceOf = (record: DepartmentRecord): DepartmentChoice | null =>
  typeof record.code === "string" && record.code.trim() !== ""
    ? { code: record.code, label: typeof record.label === "string" && record.label ? record.label : record.code }
    : null;

export class DepartmentSearch {
  private readonly lists = new Map<string, Promise<readonly DepartmentChoice[]>>();
  private readonly listeners = new Set<(state: DepartmentSearchState) => void>();
  private latest = "";
  private current: DepartmentSearchState = { status: "idle" };

  constructor(private readonly lookup: DepartmentLookup) {}

  get state(): DepartmentSearchState {
    return this.current;
  }

  subscribe(listener: (state: DepartmentSearchState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The field's text changed (or the field was opened): the marketplace's departments, narrowed by the text. */
  async type(market: string, text: string): Promise<void> {
    const key = `${market}|${text}`;
    this.latest = key;
    if (!market) return this.set({ status: "idle" });
    let list = this.lists.get(market);
    if (!list) {
      list = this.lookup(market).then((records) => records.flatMap((r) => choiceOf(r) ?? []));
      this.lists.set(market, list);
      // A failed listing may be tried again (the next keystroke asks for it).
      list.catch(() => this.lists.delete(market));
      this.set({ status: "loading" });
    }
    try {
      const all = await list;
      if (key === this.latest)
        this.set({ status: "done", words: text.trim(), all: all.length, choices: matchDepartments(all, text) });
    } catch (error) {
      if (key === this.latest) this.set({ status: "failed", error });
    }
  }

  /** The field is gone. */
  dispose(): void {
    this.listeners.clear();
  }

  private set(state: DepartmentSearchState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}
