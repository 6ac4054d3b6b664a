/**
 * Child abort signals that follow a parent through one listener on it. A 20-page query gives each page its own
 * signal; linking each directly would pile 20 listeners on the query's signal (Node warns past 10).
 */

const children = new WeakMap<AbortSignal, Set<AbortController>>();

/** A controller aborted with `parent` (same reason); abort it alone to drop just that child. */
export function childController(parent: AbortSignal): AbortController {
  const child = new AbortController();
  if (parent.aborted) {
    child.abort(parent.reason);
    return child;
  }
  let set = children.get(parent);
  if (!set) {
    const created = new Set<AbortController>();
    children.set(parent, created);
    parent.addEventListener(
      "abort",
      () => {
        children.delete(parent);
        for (const c of created) c.abort(parent.reason);
      },
      { once: true },
    );
    set = created;
  }
  const members = set;
  members.add(child);
  child.signal.addEventListener("abort", () => members.delete(child), { once: true });
  return child;
}
