/**
 * Checking and sending lookups by list (./batch.ts): a lookup's check by the catalog's rules, the group of keys that
 * may share a call, one call for a batch of keys (its parameters, each key's record in its answer), the parameters of
 * one key's answer, and lookups of single keys merged as the engine sends them. The engine's lookup reader (loaded on
 * demand), the team relay, the simulator and the task pane's cost counts use it; the functions bundle Excel loads at
 * open does not.
 */
import { canonicalJson } from "../../lib/canonical-json";
import { operation, paramWithRole, type OperationCode } from "../catalog";
import type { BatchSpec } from "../catalog/operation";
import { batchOf, isLookup, listedKeys, LOOKUP_MAX_KEYS, type Lookup } from "./batch";
import type { ParamSpec } from "../catalog-types";
import { ValidationError } from "../errors";
import { isBlank } from "../kinds/list-items";
import { validateParams, type ValidateOptions } from "../validate";
import { t } from "../../i18n/cells";

/** Checks and normalizes a lookup (throws the first ValidationError, naming the list or the parameter at fault). */
export function checkLookup(code: OperationCode, params: unknown, options: ValidateOptions = {}): Lookup {
  const op = operation(code);
  const batch = batchOf(op);
  if (!batch || !isLookup(op, params)) throw new Error(`${code}: not a lookup by list`);
  const { [batch.param]: list, ...rest } = params as Record<string, unknown>;
  const items = listedKeys(batch, list);
  if (items.length > LOOKUP_MAX_KEYS) {
    const spec = (op.params as readonly ParamSpec[]).find((p) => p.name === batch.param);
    const asins = spec?.pattern === "asin" ? "yes" : "no";
    const problem = t("v.tooManyItems", { max: LOOKUP_MAX_KEYS, asins, count: items.length });
    throw new ValidationError(batch.param, "maxItems", problem);
  }
  const given: Record<string, unknown> = { ...rest };
  for (const [name, value] of Object.entries(batch.defaults ?? {})) if (isBlank(given[name])) given[name] = value;
  const sizeName = paramWithRole(op, "size")?.name;
  let shared: Record<string, unknown> | undefined;
  const keys = new Set<string>();
  for (let at = 0; at < items.length; at += batch.max) {
    const chunk = { ...given, [batch.param]: items.slice(at, at + batch.max) };
    const { [batch.param]: checked, ...others } = validateParams(code, chunk, options) as Record<string, unknown>;
    if (sizeName) delete others[sizeName];
    shared ??= others;
    for (const key of checked as string[]) keys.add(key);
  }
  return { code, batch, shared: shared ?? {}, keys: [...keys] };
}

/** The parameters of one key's answer: what it is cached under (the same for any grouping of keys). */
export const keyParams = (lookup: Pick<Lookup, "batch" | "shared">, key: string): Record<string, unknown> => ({
  ...lookup.shared,
  [lookup.batch.param]: [key],
});

/** The keys that may share a call: those of one operation asked with the same other parameters. */
export const lookupGroup = (lookup: Pick<Lookup, "code" | "shared">): string =>
  `${lookup.code}|${canonicalJson(lookup.shared)}`;

/**
 * The parameters of one call for `keys` (at most the per-call limit). The page is the largest the operation takes,
 * so every listed key's record fits in it even where the service sends more than one record per key.
 */
function callParams(lookup: Pick<Lookup, "code" | "batch" | "shared">, keys: readonly string[]) {
  const size = paramWithRole(operation(lookup.code), "size");
  const pageSize = size?.max ?? size?.default;
  return { ...lookup.shared, [lookup.batch.param]: [...keys], ...(size && pageSize ? { [size.name]: pageSize } : {}) };
}

/** The key a record answers (as normalized: trimmed, upper case), or "" when it names none. */
const recordKey = (batch: Pick<BatchSpec, "key">, record: unknown): string => {
  const value = typeof record === "object" && record !== null ? (record as Record<string, unknown>)[batch.key] : "";
  return typeof value === "string" ? value.trim().toUpperCase() : "";
};

/**
 * Each key's record in one answer: the first record naming it, or null when the answer lacks it. Records naming no
 * listed key are left out: a cell is only ever given the record of its own key.
 */
function recordsByKey<R>(batch: Pick<BatchSpec, "key">, keys: readonly string[], records: readonly R[]) {
  const found = new Map<string, R | null>(keys.map((key) => [key, null]));
  for (const record of records) {
    const key = recordKey(batch, record);
    if (found.get(key) === null) found.set(key, record);
  }
  return found;
}

/** One call for a batch of keys, as every sender of batches makes it (the engine's, the team relay's). */
interface BatchCall {
  /** The call's parameters. */
  readonly params: Record<string, unknown>;
  /** Each key's entry from its record in the call's answer (null where the answer lacks it), in the keys' order. */
  readonly perKey: <R, T>(records: readonly R[], each: (key: string, record: R | null, index: number) => T) => T[];
}

export function batchCall(lookup: Pick<Lookup, "code" | "batch" | "shared">, keys: readonly string[]): BatchCall {
  return {
    params: callParams(lookup, keys),
    perKey: (records, each) => {
      const found = recordsByKey(lookup.batch, keys, records);
      return keys.map((key, i) => each(key, found.get(key) ?? null, i));
    },
  };
}

/** A query as the faces keep one: its operation and parameters (as typed; validated later). */
interface AskedQuery {
  readonly operation: OperationCode;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * Queries as the engine spends them: lookups by list of one operation with the same other parameters are one lookup
 * of all their keys (⌈keys / per-call limit⌉ calls together, not a call each); every other query stays as it is.
 * Each entry says which of the given queries it stands for. A lookup whose parameters do not pass stays alone (its
 * own check says why).
 */
export function mergeLookups<Q extends AskedQuery>(queries: readonly Q[], now: Date): { query: Q; from: number[] }[] {
  const merged: { query: Q; from: number[]; keys?: Set<string> }[] = [];
  const byGroup = new Map<string, (typeof merged)[number]>();
  queries.forEach((query, i) => {
    let lookup: Lookup | undefined;
    try {
      lookup = isLookup(operation(query.operation), query.params)
        ? checkLookup(query.operation, query.params, { now })
        : undefined;
    } catch {
      lookup = undefined;
    }
    if (!lookup) return void merged.push({ query, from: [i] });
    const group = lookupGroup(lookup);
    let entry = byGroup.get(group);
    // A lookup takes at most LOOKUP_MAX_KEYS keys: past that, the group goes on in another one.
    if (entry && new Set([...entry.keys!, ...lookup.keys]).size > LOOKUP_MAX_KEYS) entry = undefined;
    if (!entry) {
      entry = { query, from: [], keys: new Set<string>() };
      byGroup.set(group, entry);
      merged.push(entry);
    }
    entry.from.push(i);
    for (const key of lookup.keys) entry.keys!.add(key);
  });
  return merged.map(({ query, from, keys }) => ({
    query: keys
      ? { ...query, params: { ...query.params, [batchOf(operation(query.operation))!.param]: [...keys] } }
      : query,
    from,
  }));
}
