/**
 * Fault injection: rules that make the next N matching requests fail in a chosen way. Tests and benchmarks add
 * rules through `POST /__sim/faults` (loopback only) or in process through `injectFault`.
 */
import { isOperationCode } from "../api/catalog";

export type FaultSpec =
  /** An HTTP error status with a plain-text body; 429 may carry Retry-After. */
  | { readonly type: "http"; readonly status: number; readonly retryAfterSeconds?: number }
  /** The request is never answered (until the server stops). */
  | { readonly type: "stall" }
  /** HTTP 200 with a truncated JSON body. */
  | { readonly type: "malformed" }
  /** The connection is dropped without an answer. */
  | { readonly type: "reset" }
  /**
   * HTTP 200 with `{code, message, data}`, e.g. ERROR_SERVER_INTERNAL or ERROR_VISIT_MAX; `data` defaults to null
   * (ERROR_PARAM names the refused parameter there: `data: "nodeIdPath"`).
   */
  | { readonly type: "envelope"; readonly code: string; readonly message?: string; readonly data?: string | null };

export interface FaultMatch {
  /** Exact request path, e.g. /v1/product/research. */
  readonly path?: string;
  /** MCP code of an operation (same as its path). */
  readonly operation?: string;
}

export interface FaultRule {
  readonly match?: FaultMatch;
  /** How many matching requests fail (default 1). */
  readonly times?: number;
  readonly fault: FaultSpec;
}

export class FaultRuleError extends Error {}

/** Checks a rule from JSON; throws FaultRuleError naming what is wrong. */
function parseFaultRule(input: unknown): FaultRule {
  const rule = input as Partial<FaultRule> | null;
  if (!rule || typeof rule !== "object") throw new FaultRuleError("expected {match?, times, fault}");
  const times = rule.times ?? 1;
  if (!Number.isInteger(times) || times < 1)
    throw new FaultRuleError("times: expected a whole number of requests, at least 1");
  const match = rule.match ?? {};
  if (match.operation !== undefined && !isOperationCode(match.operation))
    throw new FaultRuleError(`match.operation: unknown operation ${match.operation}`);
  if (match.path !== undefined && (typeof match.path !== "string" || !match.path.startsWith("/")))
    throw new FaultRuleError("match.path: expected a path such as /v1/product/research");
  const fault = rule.fault as FaultSpec | undefined;
  switch (fault?.type) {
    case "http":
      if (!Number.isInteger(fault.status) || fault.status < 400 || fault.status > 599)
        throw new FaultRuleError("fault.status: expected an HTTP error status 400..599");
      if (fault.retryAfterSeconds !== undefined && !(fault.retryAfterSeconds >= 0))
        throw new FaultRuleError("fault.retryAfterSeconds: expected seconds >= 0");
      break;
    case "envelope":
      if (typeof fault.code !== "string" || !fault.code)
        throw new FaultRuleError("fault.code: expected an envelope code such as ERROR_SERVER_INTERNAL");
      if (fault.data !== undefined && fault.data !== null && typeof fault.data !== "string")
        throw new FaultRuleError("fault.data: expected a text such as a parameter name, or null");
      break;
    case "stall":
    case "malformed":
    case "reset":
      break;
    default:
      throw new FaultRuleError("fault.type: expected http, stall, malformed, reset or envelope");
  }
  return { match, times, fault };
}

interface ActiveRule {
  readonly path?: string;
  readonly operation?: string;
  remaining: number;
  readonly fault: FaultSpec;
}

export class FaultQueue {
  private rules: ActiveRule[] = [];

  add(input: unknown): void {
    const rule = parseFaultRule(input);
    const code = rule.match?.operation;
    const byOperation = code !== undefined && isOperationCode(code);
    // An operation's rule matches by its code: a path with parameters (`/v1/asin/{marketplace}/{asin}`) has many
    // concrete paths, so its template is never compared with a request's path.
    this.rules.push({
      path: byOperation ? undefined : rule.match?.path,
      operation: byOperation ? code : undefined,
      remaining: rule.times ?? 1,
      fault: rule.fault,
    });
  }

  clear(): void {
    this.rules = [];
  }

  /**
   * The fault for this request (its concrete path, and the operation it is, when it is one), if a rule matches
   * (first added first); uses up one of its times.
   */
  take(path: string, code?: string): FaultSpec | undefined {
    const matches = (r: ActiveRule) =>
      r.operation !== undefined ? r.operation === code : r.path === undefined || r.path === path;
    const rule = this.rules.find((r) => r.remaining > 0 && matches(r));
    if (!rule) return undefined;
    rule.remaining--;
    this.rules = this.rules.filter((r) => r.remaining > 0);
    return rule.fault;
  }

  pending(): number {
    return this.rules.reduce((sum, r) => sum + r.remaining, 0);
  }
}
