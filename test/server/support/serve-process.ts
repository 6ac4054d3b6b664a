/** `npm run serve` as a child process (see server-cli.ts), started without npm's own process in between. */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { spawnServerCli } from "./server-cli";

export interface Served {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

/** Starts it on a free loopback port and resolves with its address once it listens (rejects if it exits). */
export async function serveProcess(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Served> {
  const child = spawnServerCli("serve", args, { ...env, PORT: "0", HOST: "127.0.0.1" });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"event":"listening","url":"([^"]+)"/.exec(output);
      if (match) resolve(match[1]);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}
