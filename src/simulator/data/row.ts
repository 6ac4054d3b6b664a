/**
 * A lazily generated record. Each field's value comes from a generator keyed by the field's name (see
 * generators.ts), drawn from a PRNG seeded by (record seed, field name), and is memoized; so filters and sorts
 * compute only the fields they read, for thousands of rows, and a page materializes only its own records.
 * Fields may read other fields (revenue = units x price) and hidden facts (`_pop`, `_topic`, names starting _).
 */
import type { Marketplace } from "../../api/catalog-types";
import { isNonScalarType, type FieldSpec } from "../../api/catalog-types";
import type { OperationCode } from "../../api/catalog";
import type { RecordName } from "../../api/records";
import { hashString, mix, Rng } from "./prng";
import type { CategoryPath } from "./values";

export type Domain = "product" | "keyword" | "aba" | "market" | "trademark";

/** The facts of one request that shape its data. */
export interface Scenario {
  readonly code: OperationCode;
  readonly record: RecordName;
  readonly domain: Domain;
  readonly market: Marketplace;
  readonly currency: string;
  readonly now: number;
  /** Seed of the query without filters, paging and order. */
  readonly seed: number;
  /** Records in the query's universe before filters. */
  readonly universeSize: number;
  /** The keyword the query is about, lower-case. */
  readonly topic?: string;
  /** Product ids the query names (asins, asinList, asin, or q when it is an id). */
  readonly asins: readonly string[];
  readonly category?: CategoryPath;
  readonly exactCategory: boolean;
  /** yyyyMM when a past month was asked for; undefined = the last 30 days. */
  readonly month?: string;
  /** yyyyMM the records describe. */
  readonly dataMonth: string;
  /** yyyyMMdd Saturday of the week the records describe (ABA weekly, rank periods). */
  readonly week: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** What a generator returns for an object field: null, or presets for the nested record. */
export type NestedDecision = null | Readonly<Record<string, unknown>>;
/** What a generator returns for an objectList field: null, a count, or presets per item. */
export type ListDecision = null | number | readonly Readonly<Record<string, unknown>>[];

export type Generator = (row: Row, rng: Rng) => unknown;
export type Resolver = (row: Row, name: string, spec: FieldSpec | undefined) => unknown;

/** Live wire names the service uses instead of the spec's (reference-values.md "Quirks"). */
const LIVE_NAMES = new Set(["amzUnit", "amzUnitDate", "amzSales", "amazonChoice"]);

const SPEC_INDEX = new WeakMap<readonly FieldSpec[], Map<string, FieldSpec>>();
function specOf(fields: readonly FieldSpec[], name: string): FieldSpec | undefined {
  let index = SPEC_INDEX.get(fields);
  if (!index) SPEC_INDEX.set(fields, (index = new Map(fields.map((f) => [f.name, f]))));
  return index.get(name);
}

function wireName(spec: FieldSpec): string {
  return spec.aliases?.find((alias) => LIVE_NAMES.has(alias)) ?? spec.name;
}

export class Row {
  private readonly values = new Map<string, unknown>();
  private readonly nested = new Map<string, unknown>();

  constructor(
    readonly scenario: Scenario,
    readonly fields: readonly FieldSpec[],
    readonly index: number,
    readonly seed: number,
    private readonly resolve: Resolver,
    readonly path = "",
    readonly parent?: Row,
    private readonly preset: Readonly<Record<string, unknown>> = {},
    /** Neighbours in a series (trend rows), for growth figures. */
    readonly sibling: (offset: number) => Row | undefined = () => undefined,
  ) {}

  get<T = unknown>(name: string): T {
    if (Object.prototype.hasOwnProperty.call(this.preset, name)) return this.preset[name] as T;
    if (!this.values.has(name)) {
      const spec = specOf(this.fields, name);
      this.values.set(
        name,
        spec && (spec.type === "object" || spec.type === "objectList")
          ? this.nestedValue(spec)
          : this.resolve(this, name, spec),
      );
    }
    return this.values.get(name) as T;
  }

  /** A numeric field, null read as 0. */
  num(name: string): number {
    const value = this.get(name);
    return typeof value === "number" ? value : 0;
  }

  /** Reads `a.b` paths into nested objects (sorting by rankPosition.position). */
  getPath(path: string): unknown {
    const [head, ...rest] = path.split(".");
    let value: unknown = this.get(head);
    for (const key of rest)
      value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    return value;
  }

  rng(name: string): Rng {
    return new Rng(mix(this.seed, hashString(name)));
  }

  /** The record as the service sends it: live names, every field present, values of the documented type. */
  materialize(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const spec of this.fields) {
      out[wireName(spec)] = coerce(spec, this.get(spec.name));
    }
    return out;
  }

  private nestedValue(spec: FieldSpec): unknown {
    const decision = this.resolve(this, spec.name, spec);
    if (decision === null) return null;
    const fields = spec.fields ?? [];
    const childSeed = mix(this.seed, hashString(spec.name));
    const make = (i: number, preset: Readonly<Record<string, unknown>> = {}) =>
      new Row(this.scenario, fields, i, mix(childSeed, i), this.resolve, spec.name, this, preset).materialize();
    if (spec.type === "object") return make(0, (decision ?? {}) as Record<string, unknown>);
    const presets =
      typeof decision === "number"
        ? Array.from({ length: decision }, () => ({}))
        : ((decision ?? []) as Record<string, unknown>[]);
    return presets.map((preset, i) => make(i, preset));
  }
}

/** Makes a generated value match the documented type (integers rounded, nothing undefined). */
function coerce(spec: FieldSpec, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  // Lists, objects and shapes of their own are generated as they go out.
  if (isNonScalarType(spec.type)) return value;
  switch (spec.type) {
    case "integer":
    case "epochMs":
      return typeof value === "number" ? Math.round(value) : null;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    case "string":
    case "dateText":
      return String(value);
    case "boolean":
      return Boolean(value);
    default: {
      const unhandled: never = spec.type;
      throw new Error(`no coercion for a field of type ${String(unhandled)}`);
    }
  }
}
