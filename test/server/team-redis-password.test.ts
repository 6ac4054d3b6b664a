/**
 * A Redis with a password (`requirepass`): a wrong or missing password in REDIS_URL is reported as such, by the
 * store and by `npm run team`, never as "could not reach", and the password itself is never printed.
 */
import { RedisStore } from "../../src/server/team/redis-store";
import { startRedis, type RunningRedis } from "./support/redis";
import { runServerCli } from "./support/server-cli";

const PASSWORD = "right-pass-4f1c9a";
let redis: RunningRedis;

beforeAll(async () => {
  redis = await startRedis(["--requirepass", PASSWORD]);
}, 30_000);
afterAll(async () => {
  await redis?.stop();
});

const urlWith = (password: string | undefined) =>
  `redis://${password === undefined ? "" : `:${password}@`}127.0.0.1:${redis.port}`;

const team = (args: string[], redisUrl: string) =>
  runServerCli("team", args, { ...process.env, REDIS_URL: redisUrl, MAD_REDIS_PREFIX: "pw:" });

test("the store says the password was refused, or that one is needed, as soon as Redis says so", async () => {
  for (const [password, said] of [
    ["wrong-pass-000000", /refused the password in REDIS_URL \(WRONGPASS/],
    [undefined, /asks for a password: put it in REDIS_URL/],
  ] as const) {
    const store = new RedisStore({ url: urlWith(password) });
    try {
      // The bound is generous: the refusal ends the wait as soon as Redis answers, not at the bound.
      await expect(store.connected(60_000)).rejects.toThrow(said);
    } finally {
      await store.close();
    }
  }
  const right = new RedisStore({ url: urlWith(PASSWORD) });
  await right.connected(60_000);
  await right.close();
});

test("`npm run team` reports a refused password as such (exit 1), without printing it", async () => {
  const refused = await team(["members"], urlWith("wrong-pass-000000"));
  expect(refused.status).toBe(1);
  expect(refused.output).toMatch(/team: redis at 127\.0\.0\.1:\d+ refused the password in REDIS_URL/);
  expect(refused.output).not.toMatch(/could not reach/);
  expect(refused.output).not.toContain("wrong-pass-000000");
  const right = await team(["members"], urlWith(PASSWORD));
  expect([right.status, right.output]).toEqual([0, "No members yet: npm run team -- add NAME\n"]);
}, 60_000);
