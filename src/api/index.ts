/**
 * The public surface of src/api for the engine, the faces and the simulator: the catalog, the request and
 * record types derived from it, the client, its errors, validation and parsing.
 */
export * from "./catalog";
export * from "./catalog-types";
export type { Param } from "./params";
export type { OrderParam, ParamsOf, RecordOf } from "./request-types";
export { RECORD_FIELDS } from "./records";
export type { RecordFrom, RecordName, ValueItem } from "./records";

export * from "./errors";
export { checkParams, validateParams, validateParamsAll } from "./validate";
export { didYouMean } from "./did-you-mean";
export { TEXT_PATTERNS } from "./kinds/text-rules";
export type { ValidateOptions, ValidationOutcome } from "./validate";
export { checkMonth, checkSaturday, latestSaturday, monthBefore } from "./dates";
export type { DateIssue, DateRule } from "./dates";
export { normalizeRecord, parseResult } from "./parse";
export type { KeywordStat, OperationResult } from "./parse";
export { backoffDelay, DEFAULT_BACKOFF, parseRetryAfter, STOP_RETRY } from "./retry";
export type { BackoffOptions, BeforeRetryContext, BeforeRetryHook, ClientHooks } from "./retry";
export { systemClock } from "./clock";
export type { Clock } from "./clock";
export { createClient, MadClient } from "./client";
export { CLIENT_DEFAULTS } from "./client-options";
export { methodName } from "./operation-methods";
export type { AttemptInfo, CallOptions, ClientOptions } from "./client-options";
export type { OperationMethods } from "./operation-methods";
export type { TeamCalls, VisitsResult } from "./visits";
