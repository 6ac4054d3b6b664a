/**
 * Ports for servers a test starts as a separate process (which cannot be handed port 0 and report back): Redis,
 * PostgreSQL, the relay and the hosted server.
 */
import { createServer } from "node:net";

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
