/**
 * A typed method per operation on the client, named camelCase of its MCP code (`keywordResearchTrends`): how the
 * tests call the service by operation. The add-in itself calls `client.call(code, params)`.
 */
import { OPERATIONS, type OperationCode } from "../../src/api/catalog";
import { createClient, type MadClient } from "../../src/api/client";
import type { UntypedParams } from "../../src/api/request-types";
import type { CallOptions, ClientOptions } from "../../src/api/client-options";
import type { OperationResult } from "../../src/api/parse";
import type { ParamsOf } from "../../src/api/request-types";

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

/** A client with a typed method per operation (each one `client.call` of its operation). */
export function createTypedClient(options: ClientOptions): MadClient & OperationMethods {
  const client = createClient(options);
  for (const op of OPERATIONS)
    Object.defineProperty(client, methodName(op.code), {
      value: (params: UntypedParams, callOptions?: CallOptions) => client.call(op.code, params, callOptions),
    });
  return client as MadClient & OperationMethods;
}
