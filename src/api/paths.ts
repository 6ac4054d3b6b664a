/**
 * Path parameters: several operations carry parameters in their path (`/v1/asin/{marketplace}/{asin}`). The catalog
 * row's `path` is the one fact: the names in braces are parameters like the others (validated, typed, in the
 * builder's form), the client puts them in the path, and the relay, the simulator and the live check recognise a
 * concrete path (`/v1/asin/US/B07Z82895W`) as that operation by the same template.
 */

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;
/**
 * One path segment's value: letters, digits, `_` and `-` (marketplace codes, ASINs, ids). Nothing a relayed path
 * could climb or hide a separator with (`..`, `%2F`) is one.
 */
const SEGMENT = "([A-Za-z0-9_-]+)";

/** The names in braces of a path template, in order (`["marketplace", "asin"]`). */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/**
 * The concrete path of validated parameters, and the parameters that go elsewhere (the query or the body). Each
 * value is percent-encoded as one segment, so a value can never add a segment or a query of its own.
 */
export function fillPath(
  template: string,
  params: Readonly<Record<string, unknown>>,
): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...params };
  const path = template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = params[name];
    delete rest[name];
    if (value === undefined || value === null || String(value) === "")
      throw new Error(`path parameter ${name} of ${template} has no value`);
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

const PATTERNS = new Map<string, RegExp>();

function patternOf(template: string): RegExp {
  let pattern = PATTERNS.get(template);
  if (!pattern) {
    const escaped = template
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? SEGMENT : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("");
    PATTERNS.set(template, (pattern = new RegExp(`^${escaped}$`)));
  }
  return pattern;
}

/** The path parameters a concrete path gives under a template (decoded), or undefined when it is not that route. */
export function matchPath(template: string, pathname: string): Record<string, string> | undefined {
  const names = pathParamNames(template);
  if (names.length === 0) return template === pathname ? {} : undefined;
  const hit = patternOf(template).exec(pathname);
  if (!hit) return undefined;
  const out: Record<string, string> = {};
  try {
    names.forEach((name, i) => (out[name] = decodeURIComponent(hit[i + 1])));
  } catch {
    return undefined; // a malformed percent-escape is no route of ours
  }
  return out;
}
