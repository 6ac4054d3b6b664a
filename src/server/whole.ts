/** A whole-number setting from an option or the environment: undefined when not given, an error naming it if bad. */
export function whole(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name}: expected a whole number >= ${min} (got "${text}")`);
  return value;
}
