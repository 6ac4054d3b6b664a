/** Circular references among formulas, for the preview's evaluator. */

/** The nodes that reach themselves, where `feeds(a, b)` means b depends on a. */
export function nodesInCycles<T>(nodes: readonly T[], feeds: (source: T, target: T) => boolean): Set<T> {
  const inCycle = new Set<T>();
  for (const start of nodes) {
    const seen = new Set<T>();
    const stack = nodes.filter((node) => feeds(node, start));
    while (stack.length > 0) {
      const next = stack.pop() as T;
      if (next === start) {
        inCycle.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...nodes.filter((node) => feeds(node, next)));
    }
  }
  return inCycle;
}
