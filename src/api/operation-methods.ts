/** The client's typed method per operation, named camelCase of its MCP code (`keywordResearchTrends`). */
import type { OperationCode } from "./catalog";
import type { CallOptions } from "./client-options";
import type { OperationResult } from "./parse";
import type { ParamsOf } from "./request-types";

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** One typed method per operation, named camelCase of its MCP code (`keywordResearchTrends`). */
export type OperationMethods = {
  [C in OperationCode as CamelCase<C>]: (params: ParamsOf<C>, options?: CallOptions) => Promise<OperationResult<C>>;
};

/** "keyword_research_trends" -> "keywordResearchTrends". */
export function methodName<C extends OperationCode>(code: C): CamelCase<C> {
  return code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<C>;
}
