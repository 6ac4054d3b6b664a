/**
 * How the team relay refuses a member's request, on every member route (schedules and their history and feeds,
 * alerts): the service's envelope `{code, message, data: {problem, ...detail}}`, `problem` a stable name a face may
 * branch on (or word itself) and `message` in the member's language (their add-in's Accept-Language). These are the
 * names every route shares; ./alerts.ts and ./schedules.ts list the rest of theirs.
 */
export const MEMBER_ROUTE_PROBLEMS = ["body", "id", "not-found", "not-yours", "method"] as const;
export type MemberRouteProblem = (typeof MEMBER_ROUTE_PROBLEMS)[number];
