/** Secrets scrubbed from relayed and cached answers (src/server/scrub.ts). */
import { scrubSecrets } from "../../src/server/scrub";

const KEY_A = "planKeyA-0000000000000000000aaaa";
const KEY_B = "planKeyB-0000000000000000000bbbb";

test("every configured key is masked, in values and names, and the text stays JSON", () => {
  const text = JSON.stringify({ message: `bad request for key ${KEY_B}`, data: { [KEY_A]: [KEY_A, `x${KEY_B}y`] } });
  const scrubbed = scrubSecrets(text, [KEY_A, KEY_B]);
  expect(scrubbed).not.toContain(KEY_A);
  expect(scrubbed).not.toContain(KEY_B);
  expect(JSON.parse(scrubbed)).toEqual({
    message: "bad request for key [redacted]",
    data: { "[redacted]": ["[redacted]", "x[redacted]y"] },
  });
});

test("an echo written with \\u escapes is found; a text without a secret is returned byte for byte", () => {
  const escaped = [...KEY_A].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
  expect(scrubSecrets(`{"m":"${escaped}"}`, [KEY_A])).toBe('{"m":"[redacted]"}');
  const plain = '{"code":"OK","data":{"price":1.50,"url":"https:\\/\\/example.com"}}';
  expect(scrubSecrets(plain, [KEY_A, undefined])).toBe(plain);
});

test("a caller's short header is not a secret to scrub (it would mangle ordinary words)", () => {
  expect(scrubSecrets('{"message":"OK"}', ["OK"])).toBe('{"message":"OK"}');
});
