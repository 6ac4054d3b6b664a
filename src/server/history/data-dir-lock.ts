/**
 * The embedded database's folder is one process's at a time: PGlite is PostgreSQL in this process, with no server
 * between two processes to keep their writes apart, so a second process opening the same folder (a second relay, or
 * `npm run team` while the relay runs) would corrupt it. A lock file beside the database says who holds it: the
 * process id, the host and when it started. The holder touches it every few seconds, so a lock left by a process that
 * stopped without removing it is known as stale (on this host, its process is gone; on another host sharing the
 * folder, it has not been touched for a while) and taken over.
 *
 * The heartbeat is the file's modification time, which the file system sets from the machine's real clock: it is
 * compared with the real clock only (never the relay's injected one).
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

const LOCK_FILE = "relay.lock";
const HEARTBEAT_MS = 5_000;
/** A lock on another host not touched for this long is stale (six missed heartbeats). */
const STALE_MS = 30_000;

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  readonly command?: string;
}

export class DataDirInUse extends Error {}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockOwner;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether a lock found in the folder still holds: its process runs (this host) or it was touched lately (another). */
function stillHeld(file: string, owner: LockOwner | undefined): boolean {
  if (!owner) return false;
  if (owner.host === hostname()) {
    // This process id from before this process started is its earlier life (a container restarted with one pid).
    if (owner.pid === process.pid) return Date.parse(owner.since) >= Date.now() - process.uptime() * 1000 - 1_000;
    return processAlive(owner.pid);
  }
  try {
    return Date.now() - statSync(file).mtimeMs < STALE_MS;
  } catch {
    return false;
  }
}

const describeOwner = (owner: LockOwner) =>
  `process ${owner.pid} on ${owner.host}${owner.command ? ` (${owner.command})` : ""}, since ${owner.since}`;

/**
 * Takes the folder's lock for this process, or throws DataDirInUse saying who holds it. The returned function lets it
 * go (and stops the heartbeat).
 */
export function lockDataDir(dir: string, setting: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const mine: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command: path.basename(process.argv[1] ?? "node"),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (attempt > 0 || stillHeld(file, owner))
        throw new DataDirInUse(
          `${setting} (${dir}) is in use by ${owner ? describeOwner(owner) : "another process"}: the embedded database ` +
            "is one process's at a time. Stop that process first (npm run team's commands that read the database " +
            "need the relay stopped), or set DATABASE_URL to a PostgreSQL server that every process can share.",
        );
      unlinkSync(file); // stale: its process is gone
    }
  }
  const heartbeat = setInterval(() => {
    try {
      utimesSync(file, new Date(), new Date());
    } catch {
      // The next beat tries again; a lock that stays untouched is only taken over from another host.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    const owner = readOwner(file);
    if (owner?.pid === mine.pid && owner.host === mine.host && owner.since === mine.since) unlinkSync(file);
  };
}
