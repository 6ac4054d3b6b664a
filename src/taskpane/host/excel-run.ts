/** Excel.run as the Office host's parts take it (injectable for tests): a batch of requests in one context. */
export type Run = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
