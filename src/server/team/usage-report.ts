/**
 * The month's usage as admins read it: per member and operation (calls to the service, answers from the shared
 * cache, refusals), per member against their budget, per key against its budget (and the keys set aside), and the
 * plan's total. One report for `npm run team -- usage [--csv]` and `GET /admin/usage`.
 */
import { escapeControlCharacters as escaped } from "../../lib/control-characters";
import type { KeyAside, Member, PacedKey, TeamStore, UsageRow } from "./team-store";

interface KeyUsage {
  readonly name: string;
  readonly perMinute: number | null;
  readonly monthlyBudget: number | null;
  readonly calls: number;
  readonly callsLeft: number | null;
  readonly setAside: Omit<KeyAside, "fingerprint"> | null;
}

interface MemberUsage {
  readonly member: string;
  readonly role: string;
  readonly calls: number;
  readonly cacheHits: number;
  readonly refusals: number;
  readonly monthlyBudget: number | null;
  readonly callsLeft: number | null;
}

export interface UsageReport {
  readonly month: string;
  readonly rows: readonly UsageRow[];
  readonly members: readonly MemberUsage[];
  readonly keys: readonly KeyUsage[];
  readonly plan: { readonly monthlyBudget: number | null; readonly calls: number; readonly callsLeft: number | null };
}

const left = (budget: number | null, used: number) => (budget === null ? null : Math.max(0, budget - used));

/** `keys`: the keys file's keys when known (the server); else the keys the store has seen this month. */
export async function usageReport(store: TeamStore, month: string, keys?: readonly PacedKey[]): Promise<UsageReport> {
  const [rows, spent, aside, members] = await Promise.all([
    store.usage(month),
    store.spent(month),
    store.keysAside(),
    store.members(),
  ]);
  const sorted = [...rows].sort((a, b) => a.member.localeCompare(b.member) || a.operation.localeCompare(b.operation));
  const known: readonly (PacedKey | { name: string; perMinute: null; monthlyBudget: null; fingerprint?: string })[] =
    keys ??
    [...new Set([...Object.keys(spent.keys), ...aside.map((a) => a.key)])].sort().map((name) => ({
      name,
      perMinute: null,
      monthlyBudget: null,
    }));
  const keyUsage = known.map((key): KeyUsage => {
    const entry = aside.find((a) => (key.fingerprint ? a.fingerprint === key.fingerprint : a.key === key.name));
    const calls = spent.keys[key.name] ?? 0;
    const setAside = entry ? { key: entry.key, code: entry.code, at: entry.at, until: entry.until } : null;
    return {
      name: key.name,
      perMinute: key.perMinute,
      monthlyBudget: key.monthlyBudget,
      calls,
      callsLeft: left(key.monthlyBudget, calls),
      setAside,
    };
  });
  const names = [...new Set([...members.map((m) => m.name), ...rows.map((r) => r.member)])].sort();
  const memberUsage = names.map((name): MemberUsage => {
    const member: Member | undefined = members.find((m) => m.name === name);
    const own = rows.filter((r) => r.member === name);
    const sum = (field: "calls" | "cacheHits" | "refusals") => own.reduce((n, r) => n + r[field], 0);
    const budget = member?.monthlyBudget ?? null;
    return {
      member: name,
      role: member?.role ?? "revoked",
      calls: sum("calls"),
      cacheHits: sum("cacheHits"),
      refusals: sum("refusals"),
      monthlyBudget: budget,
      callsLeft: left(budget, spent.members[name] ?? 0),
    };
  });
  const budgets = keyUsage.map((k) => k.monthlyBudget);
  const planBudget =
    budgets.length > 0 && budgets.every((b) => b !== null) ? budgets.reduce((a, b) => a! + b!, 0) : null;
  const planCalls = keyUsage.reduce((n, k) => n + k.calls, 0);
  return {
    month,
    rows: sorted,
    members: memberUsage,
    keys: keyUsage,
    plan: { monthlyBudget: planBudget, calls: planCalls, callsLeft: left(planBudget, planCalls) },
  };
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : escaped(String(value));
  // A leading = + - @ would be a formula in Excel: quoted and prefixed with ' (names are admin-chosen, still).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function usageCsv(report: UsageReport): string {
  const lines = [["month", "member", "operation", "calls", "cacheHits", "refusals"].join(",")];
  for (const r of report.rows)
    lines.push([report.month, r.member, r.operation, r.calls, r.cacheHits, r.refusals].map(csvCell).join(","));
  return `${lines.join("\n")}\n`;
}

/** Columns of text; stored names are printed escaped, so none can act on the admin's terminal. */
function table(header: string[], cellRows: (string | number)[][]): string {
  const rows = cellRows.map((r) => r.map((c) => (typeof c === "number" ? c : escaped(c))));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells
      .map((c, i) => (typeof c === "number" ? String(c).padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const shown = (n: number | null) => (n === null ? "-" : n);

export function usageTable(report: UsageReport): string {
  const total = (field: "calls" | "cacheHits" | "refusals") => report.rows.reduce((n, r) => n + r[field], 0);
  const byOperation = report.rows.map((r) => [r.member, r.operation, r.calls, r.cacheHits, r.refusals]);
  byOperation.push(["total", "", total("calls"), total("cacheHits"), total("refusals")]);
  const members = report.members.map((m) => [
    m.member,
    m.role,
    m.calls,
    m.cacheHits,
    m.refusals,
    shown(m.monthlyBudget),
    shown(m.callsLeft),
  ]);
  const keys = report.keys.map((k) => [
    k.name,
    shown(k.perMinute),
    k.calls,
    shown(k.monthlyBudget),
    shown(k.callsLeft),
    k.setAside
      ? `SET ASIDE: the service answered ${k.setAside.code} (${new Date(k.setAside.at).toISOString()})${k.setAside.until ? ` until ${new Date(k.setAside.until).toISOString()}` : "; fix its secret in MAD_KEYS_FILE"}`
      : "in use",
  ]);
  return [
    `Usage in ${report.month.slice(0, 4)}-${report.month.slice(4)} (UTC month)`,
    "",
    table(["member", "operation", "calls", "cache hits", "refusals"], byOperation),
    "",
    table(["member", "role", "calls", "cache hits", "refusals", "budget", "calls left"], members),
    "",
    table(["key", "per minute", "calls", "budget", "calls left", "state"], keys),
    "",
    `Plan: ${report.plan.calls} calls this month${report.plan.monthlyBudget === null ? "" : ` of ${report.plan.monthlyBudget} (${report.plan.callsLeft} left)`}.`,
    "",
  ].join("\n");
}
