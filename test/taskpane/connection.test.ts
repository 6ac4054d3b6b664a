/** "Test connection" says what happened in plain words, from the client's own error classes. */
import {
  type MadError,
  NetworkError,
  SecretKeyError,
  SecretKeyInvalidError,
  SecretKeyOverdueError,
  TimeoutError,
  VisitMaxError,
} from "../../src/api/errors";
import { MissingSecretError } from "../../src/engine/errors";
import {
  baseUrlChoice,
  connectionReport,
  type ConnectionStatus,
  PRODUCTION_URL,
  secretToSave,
  simulatorUrl,
  storedSecretHint,
  SIMULATOR_URL,
} from "../../src/taskpane/connection/connection";

const init = { code: "X" };

const CASES: readonly (readonly [MadError, ConnectionStatus, string])[] = [
  [new SecretKeyError(init), "wrongSecret", "The secret is wrong"],
  [new SecretKeyInvalidError(init), "wrongSecret", "The secret is wrong"],
  [new SecretKeyOverdueError(init), "expiredSecret", "The secret has expired"],
  [new VisitMaxError(init), "quotaReached", "The monthly quota is used up"],
  [new NetworkError("connection refused"), "unreachable", "The service cannot be reached"],
  [new TimeoutError("total", 60000), "unreachable", "The service cannot be reached"],
  [new MissingSecretError(), "noSecret", "No secret entered"],
];

describe("connection report", () => {
  it.each(CASES.map(([error, status, title]) => [error.name, error, status, title] as const))(
    "%s",
    (_name, error, status, title) => {
      const report = connectionReport({ ok: false, error });
      expect(report).toMatchObject({ status, title });
      expect(report.detail).toBe(status === "noSecret" ? "Enter the API secret, then test again." : error.advice);
    },
  );

  it("reports the calls left this month when the service tells", () => {
    expect(connectionReport({ ok: true, remaining: 12345 })).toEqual({
      status: "ok",
      title: "Connected",
      detail: "12,345 calls left this month.",
    });
    expect(connectionReport({ ok: true, remaining: null }).detail).toBe(
      "The service does not report the calls left this month.",
    );
  });
});

describe("base URL choices", () => {
  it("uses the page's origin for the simulator only in the preview", () => {
    expect(simulatorUrl("http://127.0.0.1:4321", true)).toBe("http://127.0.0.1:4321");
    expect(simulatorUrl("https://localhost:3000", false)).toBe(SIMULATOR_URL);
    expect(baseUrlChoice(`${PRODUCTION_URL}/`, SIMULATOR_URL)).toBe("production");
    expect(baseUrlChoice("http://127.0.0.1:8787", SIMULATOR_URL)).toBe("simulator");
    expect(baseUrlChoice("http://127.0.0.1:8788", SIMULATOR_URL)).toBe("custom");
  });

  it("recognises a hosting build's own server, and still offers the direct service address", () => {
    const hosted = "https://addins.example.com";
    expect(baseUrlChoice(`${hosted}/`, SIMULATOR_URL, hosted)).toBe("hosted");
    expect(baseUrlChoice(PRODUCTION_URL, SIMULATOR_URL, hosted)).toBe("production");
    expect(baseUrlChoice(hosted, SIMULATOR_URL)).toBe("custom");
  });
});

describe("the stored secret is never shown", () => {
  const SECRET = "0123456789abcdef0123456789ab1a2b";

  test("the pane shows only that a secret is set and its last 4 characters", () => {
    expect(storedSecretHint(SECRET)).toBe("Secret set: ••••1a2b");
    expect(storedSecretHint(SECRET)).not.toContain(SECRET.slice(0, 12));
    expect(storedSecretHint("short-key")).toBe("Secret set");
    expect(storedSecretHint(null)).toBeNull();
    expect(storedSecretHint("  ")).toBeNull();
  });

  test("replacing the secret is typing a new one; an empty input keeps the stored secret", () => {
    expect(secretToSave("  new-secret-0123456789 ", true)).toBe("new-secret-0123456789");
    expect(secretToSave("", true)).toBeUndefined();
    expect(secretToSave("", false)).toBeNull();
  });
});
