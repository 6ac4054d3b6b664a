/**
 * Stable names for queries, pages and accounts. Two requests that mean the same thing (keys in another order,
 * `gb` for `UK`: validation normalizes values first) get the same key, so they share one call and one cache
 * entry. Accounts are named by a hash of base URL and secret: the cache of one key is never served to another,
 * and the secret itself never appears in a stored key or value.
 */

/** JSON with object keys sorted at every level (its home is src/api: the team relay names requests with it too). */
export { canonicalJson } from "../lib/canonical-json";

/**
 * A short, fast, non-cryptographic hash (two FNV-1a 32-bit lanes, 16 hex digits) for storage key names. Only
 * for naming: the full key is stored with the value and checked on read, so a collision is a miss, never a
 * wrong answer.
 */
export function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

const ACCOUNT_HASH_LENGTH = 16;

/**
 * The account a cache belongs to: SHA-256 of base URL and secret, truncated. Web Crypto is present in every
 * host that runs the add-in (HTTPS pages) and in Node; the fallback (a keyed mix of shortHash) only keeps the
 * engine usable in an insecure test page and still never reveals the secret.
 */
export async function accountId(baseUrl: string, secret: string): Promise<string> {
  const material = `${baseUrl}\u0000${secret}`;
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (subtle) {
    const digest = await subtle.digest("SHA-256", new TextEncoder().encode(material));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"))
      .join("")
      .slice(0, ACCOUNT_HASH_LENGTH);
  }
  return shortHash(`${shortHash(material)}:${material.length}:${shortHash(material.split("").reverse().join(""))}`);
}
