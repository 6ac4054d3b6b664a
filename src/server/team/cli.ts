/**
 * `npm run team`: the team relay's members, usage, schedules, their history and alerts (HELP below;
 * `npm run team -- --help`). MAD_KEYS_FILE gives `usage` the keys' budgets. Without REDIS_URL members go to a members
 * file that only a single replica on this machine reads, and schedules live in its embedded database (MAD_DATA_DIR),
 * which these commands read only while that relay is stopped.
 * Exit status: 0 done, 1 failed (Redis or the database unreachable, no such member, a run that failed), 2 usage problem.
 */
import { parseArgs } from "node:util";
import { escapeControlCharacters as escaped } from "../../lib/control-characters";
import { whole } from "../whole";
import { readKeysFile } from "./keys-file";
import { DEFAULT_MEMBERS_FILE } from "./members-file";
import { RedisStore } from "./redis-store";
import { openStore, teamSettingsFromEnv, type TeamSettings } from "./setup";
import { monthOf, type Member, type TeamStore } from "./team-store";
import { hashToken, memberNameProblem, newToken } from "./tokens";
import { usageCsv, usageReport, usageTable } from "./usage-report";
import { scheduleLines } from "./schedule-report";
import { alertsCommand } from "./alerts/alerts-cli";
import { historyCommand, listedSchedules, runSchedulesNow, unscheduleCommand } from "./schedules-cli";

class UsageProblem extends Error {}

const HELP = [
  "usage: npm run team -- COMMAND",
  "  add NAME [--admin] [--monthly-budget N]  issue a member's token (printed once, alone, last)",
  "  revoke NAME                              the token stops working at once, on every replica",
  "  members                                  who has a token (names, roles, budgets)",
  "  usage [--csv] [--month yyyyMM]           calls, cache hits and refusals per member and operation",
  "  schedules                                every member's scheduled refreshes, their next and last run",
  "  schedules run [ID] [--all] [--upstream URL]",
  "                                           runs due schedules now (ID: that one; --all: every one not paused),",
  "                                           keeping their history; prints what each stored and spent",
  "  unschedule ID                            removes a scheduled refresh, its history and its feeds",
  "  history                                  each schedule's history kept: days, rows and size",
  "  alerts                                   every alert: owner, query, when, every, last run and fired, pending",
  "  alerts run [--all]                       runs due alerts now (--all: every one), retrying pending deliveries first",
  "Reads REDIS_URL, MAD_REDIS_PREFIX, MAD_KEYS_FILE, DATABASE_URL, MAD_DATA_DIR, MAD_HISTORY_DAYS and MAD_UPSTREAM",
  "as `npm run serve -- --team` does. Without Redis the schedules and history are in the relay's embedded database",
  "(MAD_DATA_DIR), which one process opens at a time: stop the relay first.",
].join("\n");

/** `--monthly-budget`: plain digits only ("", 0x10, 1e3 are refused, and nobody is added); absent: no budget. */
function budgetOf(text: string | undefined): number | null {
  try {
    return whole("--monthly-budget", text, 0) ?? null;
  } catch (error) {
    throw new UsageProblem(`${(error as Error).message}\n${HELP}`);
  }
}

/** The command line; anything parseArgs refuses (an unknown option, `--monthly-budget -1`) is a usage problem. */
function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        admin: { type: "boolean" },
        "monthly-budget": { type: "string" },
        csv: { type: "boolean" },
        month: { type: "string" },
        all: { type: "boolean" },
        upstream: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageProblem(`${(error as Error).message}\n${HELP}`);
  }
}

/** What every command works with. */
interface Command {
  readonly store: TeamStore;
  readonly settings: TeamSettings;
  readonly values: ReturnType<typeof readArguments>["values"];
  readonly name: string | undefined;
  readonly say: (line: string) => void;
}

async function add({ store, values, name, say }: Command): Promise<void> {
  const problem = name === undefined ? "add: name the member" : memberNameProblem(name);
  if (problem) throw new UsageProblem(`${problem}\n${HELP}`);
  const member: Member = {
    name: name!,
    role: values.admin ? "admin" : "member",
    monthlyBudget: budgetOf(values["monthly-budget"]),
    createdAt: Date.now(),
  };
  const token = newToken();
  if (!(await store.addMember(member, hashToken(token))))
    throw new Error(`${member.name} is already a member: revoke their token first to issue a new one`);
  say(
    `Added ${member.role} ${member.name}${member.monthlyBudget === null ? "" : ` (budget ${member.monthlyBudget} calls a month)`}.`,
  );
  say(
    "Their token follows, shown this once (only its hash is kept). They enter it in the add-in's Connection tab (Team relay).",
  );
  say(token);
}

async function listMembers({ store, say }: Command): Promise<void> {
  const members = await store.members();
  if (members.length === 0) say("No members yet: npm run team -- add NAME");
  for (const m of members.sort((a, b) => a.name.localeCompare(b.name)))
    say(
      `${escaped(m.name)}\t${escaped(m.role)}\t${m.monthlyBudget === null ? "no budget of their own" : `${m.monthlyBudget} calls a month`}\tsince ${new Date(m.createdAt).toISOString().slice(0, 10)}`,
    );
}

async function usage({ store, settings, values }: Command): Promise<void> {
  if (!settings.redisUrl)
    throw new Error(
      "usage without Redis lives in the server's memory: read it from GET /admin/usage with an admin's token",
    );
  const month = values.month ?? monthOf(Date.now());
  if (!/^\d{6}$/.test(month)) throw new UsageProblem("--month: expected yyyyMM");
  const keys = settings.keysFile ? readKeysFile(settings.keysFile, () => undefined) : undefined;
  const report = await usageReport(
    store,
    month,
    keys?.map(({ secret: _secret, ...k }) => k),
  );
  process.stdout.write(values.csv ? usageCsv(report) : usageTable(report));
}

async function listSchedules({ store, settings, say }: Command): Promise<void> {
  const schedules = await listedSchedules({ store, settings, say });
  if (schedules.length === 0) say("No scheduled refreshes: members set them from the add-in's Reports tab.");
  for (const line of scheduleLines(schedules)) say(line);
}

async function main(): Promise<void> {
  const { values, positionals } = readArguments();
  const [command, name, ...rest] = positionals;
  const runOne = command === "schedules" && name === "run";
  if (values.help || command === "help") {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  if (rest.length > (runOne ? 1 : 0)) throw new UsageProblem(HELP);
  const settings = teamSettingsFromEnv(process.env);
  const store = openStore(settings);
  // Whatever a line carries from storage (alerts' reasons and names included) cannot act on the admin's terminal.
  const say = (line: string) => process.stdout.write(`${escaped(line, "\t")}\n`);
  const run: Command = { store, settings, values, name, say };
  if (!settings.redisUrl)
    say(
      `No REDIS_URL: members are kept in ${settings.membersFile ?? DEFAULT_MEMBERS_FILE}, which only a single \`npm run serve -- --team\` on this machine reads. Members need Redis to be shared between replicas: set REDIS_URL.`,
    );
  try {
    if (store instanceof RedisStore) await store.connected(5_000);
    switch (command) {
      case "add":
        return await add(run);
      case "revoke":
        if (name === undefined) throw new UsageProblem(`revoke: name the member\n${HELP}`);
        if (!(await store.revokeMember(name))) throw new Error(`${name} is not a member`);
        say(`Revoked ${name}: their token no longer works.`);
        return;
      case "members":
        return await listMembers(run);
      case "usage":
        return await usage(run);
      case "schedules":
        if (name === undefined) return await listSchedules(run);
        if (!runOne) throw new UsageProblem(HELP);
        return await runSchedulesNow({
          ...run,
          id: rest[0],
          all: values.all === true,
          upstream: values.upstream ?? process.env.MAD_UPSTREAM,
        });
      case "unschedule":
        if (name === undefined) throw new UsageProblem(`unschedule: name the schedule's id\n${HELP}`);
        return await unscheduleCommand({ ...run, id: name });
      case "history":
        if (name !== undefined) throw new UsageProblem(HELP);
        return await historyCommand(run);
      case "alerts":
        if ((await alertsCommand({ sub: name, all: values.all === true, settings, store, say })) === "usage")
          throw new UsageProblem(HELP);
        return;
      default:
        throw new UsageProblem(HELP);
    }
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(`team: ${(error as Error).message}`);
  process.exit(error instanceof UsageProblem ? 2 : 1);
});
