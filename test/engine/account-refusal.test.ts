/**
 * A refused secret stops the storm: after the service refuses the account, every other cell of that account fails
 * at once with the same message and sends nothing, until the settings change or a connection test succeeds.
 */
import { SecretKeyError, SecretKeyOverdueError } from "../../src/api/errors";
import { ENGINE_DEFAULTS } from "../../src/engine/engine-parts";
import { setup } from "./setup";

const research = (keyword: string) => ({ marketplace: "US", keyword }) as const;

describe("an account-level refusal", () => {
  test.each([
    ["ERROR_SECRET_KEY", SecretKeyError],
    ["ERROR_SECRET_KEY_OVERDUE", SecretKeyOverdueError],
  ])("50 cells with a refused secret (%s) send 1 request and all fail with its message", async (code, ErrorClass) => {
    const { engine, service } = setup();
    service.refuseWith = code;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => engine.query("product_research", research(`k${i}`))),
    );
    expect(service.calls).toBe(1);
    const messages = new Set(outcomes.map((o) => (o.status === "rejected" ? (o.reason as Error).message : "ok")));
    expect([...messages]).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ErrorClass);
    }
    // Later cells of the same account still send nothing.
    await expect(engine.query("product_research", research("later"))).rejects.toBeInstanceOf(ErrorClass);
    expect(service.calls).toBe(1);
  });

  test("new settings or a successful connection test let requests through again", async () => {
    const { engine, service } = setup();
    service.refuseWith = "ERROR_SECRET_KEY";
    await expect(engine.query("product_research", research("a"))).rejects.toBeInstanceOf(SecretKeyError);
    await expect(engine.query("product_research", research("b"))).rejects.toBeInstanceOf(SecretKeyError);
    expect(service.calls).toBe(1);

    service.refuseWith = null;
    const check = await engine.checkConnection();
    expect(check.ok).toBe(true);
    await expect(engine.query("product_research", research("b"))).resolves.toBeDefined();
    expect(service.calls).toBe(3);

    service.refuseWith = "ERROR_SECRET_KEY_INVALID";
    await expect(engine.query("product_research", research("c"))).rejects.toThrow();
    await expect(engine.query("product_research", research("d"))).rejects.toThrow();
    expect(service.calls).toBe(4);
    service.refuseWith = null;
    await engine.writeSettings({ secret: "another-secret-0123456789" });
    await expect(engine.query("product_research", research("d"))).resolves.toBeDefined();
    expect(service.calls).toBe(5);
  });

  test("other failures (a parameter error) do not stop the account's other cells", async () => {
    const { engine, service } = setup();
    service.refuseWith = "ERROR_PARAM";
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => engine.query("product_research", research(`p${i}`))),
    );
    expect(outcomes.every((o) => o.status === "rejected")).toBe(true);
    expect(service.calls).toBe(5);
  });
});

test("a secret that expires mid-session: 50 cells send at most the concurrent requests already under way", async () => {
  const { engine, service } = setup();
  expect((await engine.checkConnection()).ok).toBe(true);
  service.refuseWith = "ERROR_SECRET_KEY_OVERDUE";
  const outcomes = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) => engine.query("product_research", research(`m${i}`))),
  );
  expect(outcomes.every((o) => o.status === "rejected")).toBe(true);
  // 1 connection test + at most the requests sent together (the concurrency) before the first refusal came back.
  expect(service.calls).toBeLessThanOrEqual(1 + ENGINE_DEFAULTS.concurrency);
});
