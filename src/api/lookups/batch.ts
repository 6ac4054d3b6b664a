/**
 * Lookups by list. An operation whose catalog row declares `batch` answers each listed key apart (competitor lookup:
 * one product per listed ASIN, nothing for an ASIN the service does not know), so requests for single keys made at
 * about the same moment can share one call of up to the list's limit, and each key's answer can be kept on its own.
 * This module is the one reading of that fact: the engine's batches, the team relay's batches across members, the
 * scheduler, the simulator and the docs all ask it; ./calls.ts has what only a sender of batches needs (a lookup's
 * check, its group, one call for a batch and each key's record in its answer, lookups merged), kept apart so the
 * functions bundle Excel loads at open carries only what deciding and naming a lookup takes.
 *
 * The lookup concept by layer: this folder is the service's contract of it; src/lib/batcher.ts and
 * src/lib/batcher-registry.ts gather keys into batches (knowing nothing of the service); src/engine/lookup.ts reads
 * a lookup in the add-in (lookup-plan.ts, not-found.ts, arrivals.ts beside it); src/formula/lookup-plans.ts is the
 * rows plan of MAD.PRODUCT(S); src/server/team/shared-lookup.ts batches the team's keys across members.
 *
 * A query is a lookup when it lists keys and asks for no page and no order of its own (those ask for the service's
 * pages and sort, which only one call with exactly that list gives). A lookup may list up to 2,000 keys (the row cap,
 * as MAD.PRODUCTS takes): they are checked in chunks of the per-call limit by the catalog's own rules.
 */
import { paramWithRole, ROW_CAP, type AnyOperation, type OperationCode } from "../catalog";
import type { BatchSpec } from "../catalog/operation";
import type { ParamSpec } from "../catalog-types";
import { isBlank, listItems, listSpaces, type Spaces } from "../kinds/list-items";
import { canonicalJson } from "../../lib/canonical-json";

/** The most keys one lookup may list (the calls it takes are ⌈keys / per-call limit⌉). */
export const LOOKUP_MAX_KEYS = ROW_CAP;

/** An operation's batch declaration with its per-call limit (the list parameter's `maxItems`). */
export interface Batching extends BatchSpec {
  readonly max: number;
  /** How its key list's text separates keys (kinds/list-items.ts: an ASIN list's spaces separate). */
  readonly spaces: Spaces;
}

export function batchOf(op: AnyOperation): Batching | undefined {
  const spec = (op as { batch?: BatchSpec }).batch;
  if (!spec) return undefined;
  const list = (op.params as readonly ParamSpec[]).find((p) => p.name === spec.param);
  return { ...spec, max: list?.maxItems ?? 1, spaces: list ? listSpaces(list) : "keep" };
}

/** What a lookup asks: its other parameters (normalized, the lookup's defaults applied) and its keys. */
export interface Lookup {
  readonly code: OperationCode;
  readonly batch: Batching;
  /** Every parameter but the list (and the page size, which each call sets itself). */
  readonly shared: Readonly<Record<string, unknown>>;
  /** Normalized keys in the order given, each once. */
  readonly keys: readonly string[];
}

/** The keys a lookup's list gives (an array or one text), read as every list is (kinds/list-items.ts). */
export const listedKeys = (batch: Batching, value: unknown): string[] => listItems(value, batch.spaces);

/** Whether `params` ask a lookup: the batch list given, no page and no order. */
export function isLookup(op: AnyOperation, params: unknown): boolean {
  const batch = batchOf(op);
  if (!batch || typeof params !== "object" || params === null || Array.isArray(params)) return false;
  const given = params as Record<string, unknown>;
  const asked = (role: "page" | "order") => {
    const name = paramWithRole(op, role)?.name;
    return name !== undefined && !isBlank(given[name]);
  };
  return listedKeys(batch, given[batch.param]).length > 0 && !asked("page") && !asked("order");
}

/**
 * A lookup's name, for reports and dedupe: its parameters as given, key order aside. It is not checked or normalized
 * here (the engine checks a lookup before sending it, with ./calls.ts), and needs not be: cost counts and refreshes
 * merge lookups by their checked keys (`mergeLookups`), and each key's answer is cached under its checked name.
 */
export const lookupName = (code: OperationCode, params: Readonly<Record<string, unknown>>): string =>
  `${code}|${canonicalJson(params)}|lookup`;
