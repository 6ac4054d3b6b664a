/**
 * A whole-number setting from an option or the environment: undefined when not given, an error naming it if bad.
 * Only plain decimal digits count: `Number()` would read "" as 0, "0x10" as 16, "1e3" as 1000 and " 5" as 5, so a
 * budget given as "" would add a member with no budget at all.
 */
export function whole(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min)) throw new Error(`${name}: expected a whole number >= ${min}, in digits only (got "${text}")`);
  return value;
}

/** An environment variable set to "" is not set (as shells and compose files mean it). */
export const fromEnv = (value: string | undefined): string | undefined => (value === "" ? undefined : value);
