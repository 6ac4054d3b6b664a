/**
 * Members without Redis: a JSON file of names, roles, budgets and token hashes (never tokens), written by
 * `npm run team` and read by one `npm run serve -- --team` on the same machine, which rereads it when it changes.
 * Written whole to a temporary file and renamed, readable by its owner only.
 */
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import type { Member } from "./team-store";

interface Entry extends Member {
  readonly tokenHash: string;
}

export const DEFAULT_MEMBERS_FILE = ".mad-team-members.json";

export class MembersFile {
  private loaded: { mtimeMs: number; entries: Entry[] } | undefined;

  constructor(readonly path: string) {}

  members(): Member[] {
    return this.read().map(({ tokenHash: _hash, ...member }) => member);
  }

  byToken(tokenHash: string): Member | undefined {
    const entry = this.read().find((e) => e.tokenHash === tokenHash);
    if (!entry) return undefined;
    const { tokenHash: _hash, ...member } = entry;
    return member;
  }

  add(member: Member, tokenHash: string): boolean {
    const entries = this.read();
    if (entries.some((e) => e.name === member.name)) return false;
    this.write([...entries, { ...member, tokenHash }]);
    return true;
  }

  revoke(name: string): boolean {
    const entries = this.read();
    const kept = entries.filter((e) => e.name !== name);
    if (kept.length === entries.length) return false;
    this.write(kept);
    return true;
  }

  private read(): Entry[] {
    if (!existsSync(this.path)) return [];
    const { mtimeMs } = statSync(this.path);
    if (this.loaded?.mtimeMs !== mtimeMs) {
      let parsed: { members?: Entry[] } | null;
      try {
        parsed = JSON.parse(readFileSync(this.path, "utf8")) as { members?: Entry[] } | null;
      } catch (error) {
        throw new Error(`${this.path}: the members file is not valid JSON (${(error as Error).message})`);
      }
      if (!Array.isArray(parsed?.members)) throw new Error(`${this.path}: expected {"members": [...]}`);
      this.loaded = { mtimeMs, entries: parsed.members };
    }
    return this.loaded.entries;
  }

  private write(entries: Entry[]): void {
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ members: entries }, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.path);
    this.loaded = undefined;
  }
}
