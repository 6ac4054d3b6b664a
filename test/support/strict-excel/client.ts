/**
 * The proxy model of office.js (https://learn.microsoft.com/office/dev/add-ins/develop/application-specific-api-model):
 * - getting an object, setting a property or calling a method only queues work; it runs at `context.sync()`, in
 *   the order queued, and the first failure rejects that sync (earlier work of the batch stays done);
 * - an object's path is resolved when the batch runs (a sheet added earlier in the batch is found);
 * - a property can be read only after `load` and a sync, else PropertyNotLoaded; `isNullObject` of an
 *   `…OrNullObject` result is known only after a sync;
 * - each sync is one request and one response: their JSON sizes are measured, and over 5 MB refused on the web
 *   (platform.ts).
 */
import { apiNotFound, invalidArgument, propertyNotLoaded, RichApiError } from "./errors";
import type { WorkbookModel } from "./model";
import { utf8Bytes, type Platform, type RequirementSetName } from "./platform";

/** What a request context needs from the stand-in it belongs to. */
export interface Runtime {
  readonly platform: Platform;
  readonly book: WorkbookModel;
  supports(set: RequirementSetName, version: string): boolean;
  /** Measures one sync; throws on the web past the cap (records it on desktop). */
  checkPayload(kind: "request" | "response", bytes: number): void;
  /** After a batch ran: formulas written in it start calculating. */
  batchDone(): void;
  /**
   * A fault a test injects: the action whose request JSON it matches fails, with GeneralException (`true`) or with
   * the error it returns.
   */
  failWhen?: (wire: unknown) => boolean | Error;
  /** While a person edits a cell: settles when they leave edit mode; null otherwise (cell-edit mode, below). */
  cellEditEnds(): Promise<void> | null;
}

/**
 * A batch processed while the person is in cell-edit mode: "When `false`, if the user is in cell edit when the batch
 * request is processed by the host, the batch automatically fails. When `true`, ... if the user is in cell edit mode
 * then the batch request is delayed until the user exits cell edit mode. The default behavior with no
 * `delayForCellEdit` property specified is equivalent to when it is `false`."
 * (https://learn.microsoft.com/javascript/api/excel/excel.runoptions). The failure's code is office.js's
 * `InvalidOperationInCellEditMode` (Excel.ErrorCodes, @types/office-js) with its own words (office_strings.js
 * `L_InvalidOperationInCellEditMode`).
 */
const inCellEditMode = () =>
  new RichApiError(
    "InvalidOperationInCellEditMode",
    "Excel is in cell-editing mode. Please exit the edit mode by pressing ENTER or TAB or selecting another cell, and then try again.",
  );

export type Commit = () => void;

interface Action {
  /** What this action adds to the request's JSON. */
  readonly wire: unknown;
  /** Runs it against the workbook; returns what it adds to the response (undefined: nothing). */
  run(commits: Commit[]): unknown;
}

export class RequestContext {
  private actions: Action[] = [];

  constructor(
    readonly runtime: Runtime,
    /** Excel.run({ delayForCellEdit: true }, …): a sync waits while the person edits a cell instead of failing. */
    readonly delayForCellEdit = false,
  ) {}

  enqueue(wire: unknown, run: (commits: Commit[]) => unknown): void {
    this.actions.push({ wire, run });
  }

  /** Fails the batch at sync when this Excel lacks the requirement set an API belongs to. */
  requires(set: RequirementSetName, version: string, api: string): void {
    if (this.runtime.supports(set, version)) return;
    this.enqueue({ api }, () => {
      throw apiNotFound(api, `${set} ${version}`);
    });
  }

  async sync(): Promise<void> {
    const editing = this.runtime.cellEditEnds();
    if (editing && !this.delayForCellEdit) {
      this.actions = [];
      throw inCellEditMode();
    }
    if (editing) await editing;
    const actions = this.actions;
    this.actions = [];
    this.runtime.checkPayload("request", utf8Bytes(JSON.stringify(actions.map((a) => a.wire))));
    // One round trip to Excel: the caller's code goes on only after this resolves.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const commits: Commit[] = [];
    const response: unknown[] = [];
    try {
      for (const action of actions) {
        const fault = this.runtime.failWhen?.(action.wire);
        if (fault instanceof Error) throw fault;
        if (fault)
          throw new RichApiError("GeneralException", "An internal error has occurred. (a fault the test injected)");
        const out = action.run(commits);
        if (out !== undefined) response.push(out);
      }
    } finally {
      this.runtime.batchDone();
    }
    this.runtime.checkPayload("response", utf8Bytes(JSON.stringify(response)));
    for (const commit of commits) commit();
  }
}

/** What a load path can go through: an object that loads its own properties. */
export interface Loadable {
  loadNow(props: readonly string[], commits: Commit[]): unknown;
}

/** Scalar properties an object can load: name -> how to read it from the model. */
export type Scalars<T> = Record<string, (target: T) => unknown>;

export abstract class ClientObject<T> {
  private target: T | null | undefined;
  private readonly loaded = new Map<string, unknown>();

  protected constructor(
    readonly context: RequestContext,
    private readonly locate: () => T | null,
    readonly path: string,
    private readonly nullable = false,
  ) {
    if (nullable)
      context.enqueue({ path, op: "get" }, (commits) => {
        const isNull = this.resolve() === null;
        commits.push(() => this.loaded.set("isNullObject", isNull));
        return { isNullObject: isNull };
      });
  }

  /** The model object, found the first time a batch needs it; null for an …OrNullObject that found nothing. */
  resolve(): T | null {
    if (this.target === undefined) this.target = this.locate();
    return this.target;
  }

  get isNullObject(): boolean {
    if (!this.nullable) return false;
    if (!this.loaded.has("isNullObject")) throw propertyNotLoaded("isNullObject");
    return this.loaded.get("isNullObject") as boolean;
  }

  protected abstract scalars(): Scalars<T>;

  /** Navigation properties a load path may go through (`worksheet/name`). */
  protected child(_name: string): Loadable | undefined {
    return undefined;
  }

  load(spec?: string | string[] | { select?: string }): this {
    const text = Array.isArray(spec) ? spec.join(",") : typeof spec === "object" ? (spec.select ?? "") : (spec ?? "");
    const props = text
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    this.context.enqueue({ path: this.path, op: "load", props }, (commits) => this.loadNow(props, commits));
    return this;
  }

  /** Reads the properties now (inside a sync); they become readable when the whole sync succeeded. */
  loadNow(props: readonly string[], commits: Commit[]): unknown {
    const target = this.resolve();
    if (target === null) return null;
    const scalars = this.scalars();
    const wanted = props.length ? props : Object.keys(scalars);
    const out: Record<string, unknown> = {};
    for (const prop of wanted) {
      const [head, ...rest] = prop.split("/");
      if (rest.length) {
        const child = this.child(head);
        if (!child) throw invalidArgument(`${this.path} has no navigation property ${head}`);
        out[head] = child.loadNow([rest.join("/")], commits);
        continue;
      }
      const read = scalars[head];
      if (!read) {
        const child = this.child(head);
        if (child) {
          out[head] = child.loadNow([], commits);
          continue;
        }
        throw invalidArgument(`${this.path} has no property ${head}`);
      }
      const value = read(target);
      out[head] = value;
      commits.push(() => this.remember(head, value));
    }
    return out;
  }

  protected remember(prop: string, value: unknown): void {
    this.loaded.set(prop, value);
  }

  protected read<V>(prop: string): V {
    if (!this.loaded.has(prop)) throw propertyNotLoaded(prop);
    return this.loaded.get(prop) as V;
  }

  /** Queues a property set; it applies at sync (nothing on a null object). */
  protected set(prop: string, value: unknown, apply: (target: T) => void): void {
    this.context.enqueue({ path: this.path, op: "set", prop, value }, () => {
      const target = this.resolve();
      if (target !== null) apply(target);
      return undefined;
    });
  }

  /** Queues a method call with no result. */
  protected call(method: string, args: unknown[], apply: (target: T) => void): void {
    this.context.enqueue({ path: this.path, op: "call", method, args }, () => {
      const target = this.resolve();
      if (target !== null) apply(target);
      return undefined;
    });
  }

  /** The JSON an argument adds to a request: an object by its path, a value as itself. */
  static wire(arg: unknown): unknown {
    return arg instanceof ClientObject ? { ref: arg.path } : arg;
  }

  toJSON(): unknown {
    return Object.fromEntries(this.loaded);
  }
}

/** A collection: `items` after a load, and `getItem…`-style lookups implemented by each kind. */
export abstract class Collection<T, I extends ClientObject<T>> extends ClientObject<T[]> {
  protected abstract item(target: T, path: string): I;

  get items(): I[] {
    return this.read<I[]>("items");
  }

  protected scalars(): Scalars<T[]> {
    return { count: (list) => list.length };
  }

  override loadNow(props: readonly string[], commits: Commit[]): unknown {
    const list = this.resolve();
    if (list === null) return null;
    const itemProps = props
      .filter((p) => p === "items" || p.startsWith("items/"))
      .map((p) => p.slice("items/".length))
      .filter(Boolean);
    const own = props.filter((p) => p !== "items" && !p.startsWith("items/"));
    const out = (own.length ? super.loadNow(own, commits) : {}) as Record<string, unknown>;
    if (props.length === 0 || own.length < props.length) {
      const items = list.map((target, i) => this.item(target, `${this.path}.items[${i}]`));
      out.items = items.map((item) => item.loadNow(itemProps, commits));
      commits.push(() => this.remember("items", items));
    }
    return out;
  }

  getCount(): { value: number } {
    const result = { value: NaN };
    this.context.enqueue({ path: this.path, op: "getCount" }, (commits) => {
      const list = this.resolve() ?? [];
      commits.push(() => (result.value = list.length));
      return list.length;
    });
    return result;
  }
}
