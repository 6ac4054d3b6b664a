/** Excel.run as the Office host's parts take it (injectable for tests): a batch of requests in one context. */
export type Run = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/**
 * Excel.run as office.js has it: a batch, or run options (`delayForCellEdit`, ExcelApi 1.11) and a batch
 * (https://learn.microsoft.com/javascript/api/excel/excel.runoptions). The stand-in's run takes both too.
 */
export interface ExcelRun {
  <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  <T>(options: Excel.RunOptions, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
}
