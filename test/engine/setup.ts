/**
 * Builds an engine over a fake service on simulated time, with a store that already holds a secret.
 */
import { createHash } from "node:crypto";
import { createEngine } from "../../src/engine/engine";
import { memoryStore, type KeyValueStore } from "../../src/engine/key-value-store";
import type { EngineOptions } from "../../src/engine/types";
import { VirtualClock } from "../support/virtual-clock";
import { FakeService, type FakeServiceOptions } from "./fake-service";

export const SECRET = "s3cr3t-KEY-0123456789abcdefABCDEF";
export const BASE_URL = "http://sim.test";

export function seededStore(extra: Record<string, string> = {}): KeyValueStore {
  return memoryStore({ "mad.secret": SECRET, "mad.baseUrl": BASE_URL, ...extra });
}

/**
 * Web Crypto's digest (the account's id, src/engine/keys.ts) is answered on libuv's thread pool, in real time a
 * simulated clock does not wait for: on a busy machine a query could still be hashing its account when the test
 * moved the clock past its window. Here it answers as soon as promises do (the same SHA-256), so only the clock counts.
 */
function digestOnTheClock(): void {
  jest.spyOn(globalThis.crypto.subtle, "digest").mockImplementation(async (_algorithm, data) => {
    const view = ArrayBuffer.isView(data) ? data : new Uint8Array(data);
    const bytes = createHash("sha256")
      .update(new Uint8Array(view.buffer, view.byteOffset, view.byteLength))
      .digest();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  });
}

export interface Setup {
  clock: VirtualClock;
  service: FakeService;
  store: KeyValueStore;
  engine: ReturnType<typeof createEngine>;
  /** Another engine over the same store and service: Excel restarted. */
  restart(options?: Partial<EngineOptions>): ReturnType<typeof createEngine>;
}

export function setup(
  options: {
    store?: KeyValueStore;
    clock?: VirtualClock;
    service?: Partial<FakeServiceOptions>;
    engine?: Partial<EngineOptions>;
  } = {},
): Setup {
  digestOnTheClock();
  const clock = options.clock ?? new VirtualClock();
  const service = new FakeService({ clock, ...options.service });
  const store = options.store ?? seededStore();
  const make = (extra: Partial<EngineOptions> = {}) =>
    createEngine({
      store,
      clock,
      fetch: service.fetch,
      ...options.engine,
      ...extra,
      client: { random: () => 0, ...options.engine?.client, ...extra.client },
    });
  return { clock, service, store, engine: make(), restart: make };
}

/** Everything the store holds, as [key, value] pairs. */
export async function dumpStore(store: KeyValueStore): Promise<[string, string][]> {
  const keys = (await store.getKeys?.()) ?? [];
  return Promise.all(keys.map(async (k) => [k, (await store.getItem(k)) ?? ""] as [string, string]));
}
