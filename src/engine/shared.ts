/**
 * One engine per window. In the shared runtime the functions bundle and the task pane bundle are separate
 * scripts in one JavaScript context; keeping the engine on a global symbol gives both the same cache, pacer and
 * usage counter, so the task pane's numbers are the cells' numbers and the rate limit is shared.
 */
import { createEngine } from "./engine";
import { detectStore } from "./key-value-store";
import type { Engine } from "./types";

const SHARED_ENGINE = Symbol.for("mad.engine");

export function getSharedEngine(): Engine {
  const holder = globalThis as { [SHARED_ENGINE]?: Engine };
  holder[SHARED_ENGINE] ??= createEngine({ store: detectStore() });
  return holder[SHARED_ENGINE];
}
