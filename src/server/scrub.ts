/**
 * Secrets scrubbed from whatever the relay passes on or keeps: the plan's keys (team mode) and the caller's own
 * secret (own-secret mode). The service may echo a key ("bad request for key …", or inside an OK body); a member must
 * never read the plan's key, and a cached answer must not carry it to the next member. Texts are JSON: strings
 * (values and names) are scrubbed after parsing, so an echo written with `\u` escapes is found too, and the result
 * stays valid JSON. A text without a secret or an escape in it is returned as it came, byte for byte.
 */

const MASK = "[redacted]";
/** Shorter "secrets" (a caller can send anything as its header) would mangle ordinary words. */
const MIN_SECRET_LENGTH = 8;

const scrubString = (text: string, secrets: readonly string[]): string =>
  secrets.reduce(
    (scrubbed, secret) => (scrubbed.includes(secret) ? scrubbed.split(secret).join(MASK) : scrubbed),
    text,
  );

/** Masks every secret in a parsed value's strings and names; `found` hears of each change. Nesting is bounded before. */
function scrubValue(value: unknown, secrets: readonly string[], found: () => void): unknown {
  const string = (text: string) => {
    const scrubbed = scrubString(text, secrets);
    if (scrubbed !== text) found();
    return scrubbed;
  };
  if (typeof value === "string") return string(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets, found));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [string(name), scrubValue(item, secrets, found)]),
    );
  return value;
}

/** `text` (JSON, or any text) with every secret masked. */
export function scrubSecrets(text: string, candidates: readonly (string | undefined)[]): string {
  const secrets = candidates.filter((s): s is string => s !== undefined && s.length >= MIN_SECRET_LENGTH);
  if (secrets.length === 0 || (!text.includes("\\") && !secrets.some((s) => text.includes(s)))) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return scrubString(text, secrets);
  }
  let changed = false;
  const scrubbed = scrubValue(parsed, secrets, () => (changed = true));
  // Unchanged values keep the service's own text (its number formats, its escapes).
  return changed ? JSON.stringify(scrubbed) : text;
}
