/**
 * The plan's key (and the add-in's secret) masked in every spelling a careless service or library might echo
 * (issue 46, item 7): upper and lower case, base64 (standard and URL-safe, inside a longer base64 text too), hex,
 * and percent-encoded byte by byte. In the add-in's errors (src/api/redact.ts) and the relay's answers
 * (src/server/scrub.ts) alike.
 */
import { NetworkError, SecretKeyError } from "../../src/api/errors";
import { redactSecret } from "../../src/api/redact";
import { scrubSecrets } from "../../src/server/scrub";

const KEY = "planKeyA-0000000000000000000aaaa";
const bytes = Buffer.from(KEY);
const copies: [string, string][] = [
  ["as it is", KEY],
  ["upper case", KEY.toUpperCase()],
  ["lower case", KEY.toLowerCase()],
  ["base64", bytes.toString("base64")],
  ["base64url", bytes.toString("base64url")],
  ["base64 of user:key", Buffer.from(`user:${KEY}`).toString("base64")],
  ["base64 of AUTH PLAIN", Buffer.from(`\0user\0${KEY}`).toString("base64")],
  ["hex", bytes.toString("hex")],
  ["HEX", bytes.toString("hex").toUpperCase()],
  ["percent-encoded", [...bytes].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("")],
  ["percent-encoded, lower case", [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")],
];

test.each(copies)("the relay masks a copy %s, and the answer stays JSON", (_name, copy) => {
  const text = JSON.stringify({ code: "OK", message: `bad key ${copy}!`, data: { echo: [copy] } });
  const scrubbed = scrubSecrets(text, [KEY]);
  expect(scrubbed.toLowerCase()).not.toContain(copy.toLowerCase());
  expect(JSON.parse(scrubbed)).toMatchObject({ code: "OK", data: { echo: [expect.stringContaining("[redacted]")] } });
});

test.each(copies)("the add-in's errors mask a copy %s", (_name, copy) => {
  for (const error of [
    new SecretKeyError({ code: "ERROR_SECRET_KEY", serviceMessage: `bad key ${copy}` }),
    new NetworkError(`fetch failed for ${copy}`, { cause: new Error(`socket said ${copy}`) }),
  ]) {
    const redacted = redactSecret(error, KEY);
    const seen = `${redacted.message}\n${redacted.stack}\n${JSON.stringify(redacted)}\n${String(redacted.cause)}`;
    expect(seen.toLowerCase()).not.toContain(copy.toLowerCase());
  }
});

test("ordinary text is left as it was", () => {
  const text = JSON.stringify({ code: "OK", message: "成功", data: { items: [{ title: "Yoga mat", price: 9.5 }] } });
  expect(scrubSecrets(text, [KEY])).toBe(text);
});
