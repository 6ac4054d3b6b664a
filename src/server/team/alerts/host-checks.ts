/**
 * Webhook hosts checked without letting slow DNS stall the relay (issue 46): names are resolved by DNS queries on
 * the event loop (./address-guard.ts's `dnsResolver`, each query within ~2 s), the whole check of a save's (or a
 * send's) hosts ends at one deadline (HOST_CHECK_DEADLINE_MS, on the relay's clock), and a member's resolutions in
 * flight are bounded (RESOLUTIONS_PER_MEMBER): past it, that member's next resolution waits for one of theirs to end
 * (or the deadline), while other members' go on. A host that did not resolve in time is "unresolved", as one that
 * does not exist: refused at save, retried at send.
 */
import ipaddr from "ipaddr.js";
import { clockTimer, type Clock } from "../../../lib/clock";
import { checkHost, type AddressVerdict, type Resolver } from "./address-guard";

/** The longest one whole check (every host of a save, or one send's host) may take. */
const HOST_CHECK_DEADLINE_MS = 4_000;
/** A member's resolutions in flight at once, on this replica. */
const RESOLUTIONS_PER_MEMBER = 4;

export interface HostChecksOptions {
  readonly resolve: Resolver;
  readonly allowPrivate: boolean;
  readonly clock: Clock;
  readonly deadlineMs?: number;
  readonly perMember?: number;
}

const UNRESOLVED: AddressVerdict = { ok: false, kind: "unresolved" };

export class HostChecks {
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly options: HostChecksOptions) {}

  get allowPrivate(): boolean {
    return this.options.allowPrivate;
  }

  /** Every host's verdict, in order, all within one deadline; `member`'s resolutions count against their bound. */
  async checkAll(member: string, hosts: readonly string[]): Promise<AddressVerdict[]> {
    const { clock, deadlineMs = HOST_CHECK_DEADLINE_MS, resolve, allowPrivate } = this.options;
    if (hosts.every((host) => ipaddr.isValid(host)))
      return Promise.all(hosts.map((host) => checkHost(host, allowPrivate, resolve)));
    const deadline = clockTimer(clock, deadlineMs, new Error(`no DNS answer within ${deadlineMs / 1000} s`));
    try {
      return await Promise.all(hosts.map((host) => this.checkOne(member, host, deadline.signal)));
    } finally {
      deadline.clear();
    }
  }

  async check(member: string, host: string): Promise<AddressVerdict> {
    return (await this.checkAll(member, [host]))[0];
  }

  private async checkOne(member: string, host: string, deadline: AbortSignal): Promise<AddressVerdict> {
    const { resolve, allowPrivate } = this.options;
    // An address needs no resolution, and takes no place among the member's resolutions.
    if (ipaddr.isValid(host)) return checkHost(host, allowPrivate, resolve);
    if (!(await this.slot(member, deadline))) return UNRESOLVED;
    try {
      return await checkHost(host, allowPrivate, resolve, deadline);
    } finally {
      this.release(member);
    }
  }

  /** A place among the member's resolutions in flight; false when the deadline passed first. */
  private slot(member: string, deadline: AbortSignal): Promise<boolean> {
    const perMember = this.options.perMember ?? RESOLUTIONS_PER_MEMBER;
    if (deadline.aborted) return Promise.resolve(false);
    if ((this.inFlight.get(member) ?? 0) < perMember) {
      this.inFlight.set(member, (this.inFlight.get(member) ?? 0) + 1);
      return Promise.resolve(true);
    }
    return new Promise<boolean>((settle) => {
      const queue = this.waiting.get(member) ?? [];
      this.waiting.set(member, queue);
      const onAbort = () => {
        const at = queue.indexOf(take);
        if (at >= 0) queue.splice(at, 1);
        settle(false);
      };
      // Handed the place of a resolution that ended (the count stays as it was).
      const take = () => {
        deadline.removeEventListener("abort", onAbort);
        settle(true);
      };
      queue.push(take);
      deadline.addEventListener("abort", onAbort, { once: true });
    });
  }

  private release(member: string): void {
    const next = this.waiting.get(member)?.shift();
    if (next) return next();
    const left = (this.inFlight.get(member) ?? 1) - 1;
    if (left > 0) this.inFlight.set(member, left);
    else {
      this.inFlight.delete(member);
      this.waiting.delete(member);
    }
  }
}
