/**
 * withinListening: a bound on waiting for I/O that a starved process cannot trip. Over a real loopback socket: the
 * answer is in the kernel's buffer while the event loop is blocked, as a Redis reply is when the host is loaded.
 */
import { createServer, connect, type Socket } from "node:net";
import { withinListening } from "../../src/server/team/listening-bound";

const starve = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const late = () => new Error("late");

let server: ReturnType<typeof createServer>;
let writer: Socket;
let reader: Socket;
beforeAll(async () => {
  const accepted = new Promise<Socket>((resolve) => {
    server = createServer(resolve);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  reader = connect((server.address() as { port: number }).port, "127.0.0.1");
  writer = await accepted;
});
afterAll(async () => {
  reader.destroy();
  writer.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const nextData = () =>
  new Promise<string>((resolve) => reader.once("data", (chunk: Buffer) => resolve(chunk.toString())));

test("an answer that arrived while the process was blocked past the bound is read, not timed out", async () => {
  const answer = withinListening(nextData(), 50, late);
  writer.write("reply");
  starve(500); // the timer is long due when the loop runs again; the reply waits in the socket
  await expect(answer).resolves.toBe("reply");
});

test("with no answer the step fails once the bound has passed, even after a stall", async () => {
  const never = new Promise<string>(() => undefined);
  const quiet = withinListening(never, 20, late);
  await expect(quiet).rejects.toThrow("late");
  const stalled = withinListening(never, 20, late);
  starve(200);
  await expect(stalled).rejects.toThrow("late");
});

test("a failure of the step itself passes through at once", async () => {
  await expect(withinListening(Promise.reject(new Error("refused")), 10_000, late)).rejects.toThrow("refused");
});
