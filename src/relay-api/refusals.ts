/**
 * How the team relay refuses a member's request, on every member route (schedules and their history and feeds,
 * alerts): the service's envelope `{code, message, data: {problem, ...detail}}`, `problem` a stable name a face may
 * branch on (or word itself) and `message` in the member's language (their add-in's Accept-Language). These are the
 * names every route shares; ./alerts.ts and ./schedules.ts list the rest of theirs. What the relay refuses of any
 * request (RelayProblem: a missing token, too many requests, its store down) and of an operation's call
 * (OperationProblem) comes in the same envelope, below.
 */
export const MEMBER_ROUTE_PROBLEMS = ["body", "id", "not-found", "not-yours", "method"] as const;
export type MemberRouteProblem = (typeof MEMBER_ROUTE_PROBLEMS)[number];

/**
 * What the relay refuses of any request, whatever its route, in the same envelope (src/server/relay-refusals.ts
 * words them): `route` a path it does not relay, `not-found` nothing served at a path, `token` a member's token
 * missing, unknown or revoked (ERROR_SECRET_KEY), `admin` an admin route without an admin's token, `rate` too many
 * requests (ERROR_VISIT_MAX, with Retry-After), `store` the team's store unavailable and `database` the history
 * database (503, nothing was sent), `month` the usage report's month, `target` a request target it cannot read,
 * `internal` its own fault.
 */
export type RelayProblem =
  "route" | "not-found" | "token" | "admin" | "rate" | "store" | "database" | "month" | "target" | "internal";

/**
 * The relay could not bring the service's answer (503, 502 or 504 with ERROR_SERVER_INTERNAL; `upstream-not-json`
 * of an error status keeps that status and no code, so a client reads it as the HTTP failure it is).
 */
export type UpstreamProblem =
  | "upstream-too-large"
  | "upstream-timeout"
  | "upstream-unreachable"
  | "upstream-redirect"
  | "upstream-too-deep"
  | "upstream-not-json";

/**
 * What the relay refuses of an operation's call (the data calls the engine makes through it, answered as the
 * service answers them): its body, a parameter the catalog's rules refuse (`data.param` names it), the team's calls
 * this minute taken (`queue`, Retry-After), the member's or the plan's monthly budget spent (ERROR_VISIT_MAX), no
 * key of the plan usable (503), or the service's answer not brought.
 */
export type OperationProblem =
  "body" | "param" | "queue" | "member-budget" | "plan-budget" | "no-key" | UpstreamProblem;
