/**
 * Something made once per machine and kept in the temporary folder for every later test file (a database as its
 * initializer leaves it): made by one worker at a time, as several files may need it at once.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/** A maker's lock older than this was left by a killed worker: the next one takes over. */
const STALE_LOCK_MS = 5 * 60_000;

/** What makers killed midway left (only the lock's holder makes, so any is a leftover). */
function removeLeftovers(target: string): void {
  const folder = path.dirname(target);
  const prefix = `${path.basename(target)}-making-`;
  for (const name of readdirSync(folder))
    if (name.startsWith(prefix)) rmSync(path.join(folder, name), { recursive: true, force: true });
}

/**
 * Makes `target` with `make(into)` unless `ready` (a file inside it) exists: once per machine, one worker at a time.
 * A worker that finds another making it waits for that one instead of running initdb beside it: on a fresh machine
 * the first files to need a database start together, and each initdb costs seconds of CPU on cores they share.
 */
export async function madeOnce(target: string, ready: string, make: (into: string) => Promise<void>): Promise<void> {
  const lock = `${target}.lock`;
  while (!existsSync(ready)) {
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (existsSync(ready)) return;
      removeLeftovers(target);
      const making = mkdtempSync(`${target}-making-`);
      try {
        await make(making);
        renameSync(making, target);
      } catch (error) {
        if (!existsSync(ready)) throw error; // else made meanwhile by a worker that took over a stale lock
      } finally {
        rmSync(making, { recursive: true, force: true }); // gone once renamed; else what a failed make left
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
