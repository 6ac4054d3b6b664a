/**
 * Runs MAD functions the way Excel would: through the CustomFunctions stand-in, against a real engine whose
 * fetch goes to a service (the simulator over HTTP, or the fixture service), counting the requests it receives.
 */
import { operation, takesMarket, type AnyOperation, type OperationCode } from "../../../src/api/catalog";
import { monthBefore } from "../../../src/api/dates";
import { createEngine } from "../../../src/engine/engine";
import { memoryStore, type KeyValueStore } from "../../../src/engine/key-value-store";
import { type Engine, type EngineOptions } from "../../../src/engine/types";
import { configureRunner } from "../../../src/functions/runner";
import { FormulaRegistry } from "../../../src/engine/formula-registry";
import type { CustomFunctionsShim, InvokeOptions, RunningCall } from "./custom-functions-shim";

/** Typical values of the required arguments, as a user would enter them (lists as ranges). */
export function typicalPositional(op: AnyOperation, now = new Date()): unknown[] {
  const values: Record<string, unknown> = {
    keyword: "phone stand",
    asins: [["B07Z82895W"], ["B0DGVP84B5"]],
    asin: "B07Z82895W",
    nodeIdPath: "172282:281407",
    reverseType: "W",
    relations: [["vav", "bab"]],
    q: "B07Z82895W",
    month: Number(monthBefore(now, 1)),
    bsr: 1024,
    categoryId: "172282",
    office: "US",
    text: "anker",
    brandId: "US502022097612203",
  };
  return op.positional.map((p) => {
    if (!(p.arg in values)) throw new Error(`no typical value for ${p.arg}`);
    return values[p.arg];
  });
}

interface CallArgs {
  market?: unknown;
  positional?: readonly unknown[];
  filters?: unknown;
  fields?: unknown;
  limit?: unknown;
  /** A history function's range and interval (STOCKHISTORY's order), and its header (after `fields`). */
  start?: unknown;
  end?: unknown;
  interval?: unknown;
  headers?: unknown;
}

/** The full argument list Excel passes: omitted optional arguments are null; `market` where the function has one. */
function argumentList(op: AnyOperation, args: CallArgs = {}): unknown[] {
  const required = [...(takesMarket(op) ? [args.market ?? "US"] : []), ...(args.positional ?? typicalPositional(op))];
  if (op.history)
    return [
      ...required,
      args.start ?? null,
      args.end ?? null,
      args.interval ?? null,
      args.fields ?? null,
      args.headers ?? null,
    ];
  return [...required, args.filters ?? null, args.fields ?? null, args.limit ?? null];
}

export interface ServiceLike {
  readonly baseUrl: string;
  readonly secret: string;
  readonly fetch: typeof fetch;
  calls(): number;
}

export interface Harness {
  engine: Engine;
  store: KeyValueStore;
  registry: FormulaRegistry;
  call(code: OperationCode, args?: CallArgs, options?: InvokeOptions): RunningCall;
  /** Awaits a call and returns its outcome. */
  run(
    code: OperationCode,
    args?: CallArgs,
    options?: InvokeOptions,
  ): Promise<{ value?: unknown[][]; error?: { code: string; message?: string } }>;
  /** A new engine over the same store, as after an Excel restart. */
  restart(): Promise<void>;
}

export function harness(
  shim: CustomFunctionsShim,
  service: ServiceLike,
  options: Partial<EngineOptions> & { secret?: string | null } = {},
): Harness {
  const { secret = service.secret, ...engineOptions } = options;
  const store = memoryStore({ "mad.baseUrl": service.baseUrl, ...(secret ? { "mad.secret": secret } : {}) });
  const makeEngine = () =>
    createEngine({ store, fetch: service.fetch, perMinute: 6000, client: { retries: 0 }, ...engineOptions });
  const registry = new FormulaRegistry();
  const h: Harness = {
    engine: makeEngine(),
    store,
    registry,
    call: (code, args, invokeOptions) =>
      shim.invoke(operation(code).fn, argumentList(operation(code), args), invokeOptions),
    run: (code, args, invokeOptions) => h.call(code, args, invokeOptions).outcome,
    async restart() {
      await h.engine.flush();
      h.engine = makeEngine();
    },
  };
  configureRunner({ engine: () => h.engine, registry: () => registry });
  return h;
}
