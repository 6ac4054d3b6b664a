/**
 * The strict Excel stand-in as the page's office.js (bundled by test/browser/support/excel-pane.ts): it installs
 * `Excel`, `Office`, `OfficeRuntime` and `CustomFunctions` before the add-in's own bundles run, so the built
 * functions.js registers its functions into it and the built task pane writes through Office.js into it, as in
 * Excel. MAD formulas run the registered functions with the arguments coerced by the built functions.json.
 * The test reads and changes the workbook through `window.__strictExcel`.
 */
import type { FunctionInvoker, FunctionOutcome } from "../../../src/preview/cell-types";
import { FunctionRuntime, type FunctionsMetadata } from "../../../src/preview/function-runtime";
import { StrictExcel, type StrictExcelOptions } from "./index";

interface PageOptions extends StrictExcelOptions {
  /** OfficeRuntime.storage as the add-in finds it (the secret and the service's address). */
  readonly storage?: Readonly<Record<string, string>>;
}

const scope = window as unknown as Record<string, unknown>;
const options = (scope.__strictExcelOptions ?? {}) as PageOptions;
const excel = new StrictExcel(options);
for (const [key, value] of Object.entries(options.storage ?? {})) excel.storage.set(key, value);
Object.assign(scope, excel.globals());

// Calls wait for functions.json, so every argument is coerced by its declared type, as Excel does.
const runtime = new FunctionRuntime(excel.functions, "MAD");
const metadata = fetch(new URL("functions.json", window.location.href).href)
  .then((response) => response.json() as Promise<FunctionsMetadata>)
  .then((loaded) => runtime.setMetadata(loaded));
const functions: FunctionInvoker = {
  isRegistered: (name) => name.toUpperCase().startsWith("MAD."),
  invoke: (name, args, address) => {
    let cancel = () => undefined as void;
    const outcome = metadata.then((): Promise<FunctionOutcome> => {
      const call = runtime.invoke(name, args, address);
      cancel = () => call.cancel();
      return call.outcome;
    });
    return { outcome, cancel: () => cancel() };
  },
};
excel.useFunctions(functions);
scope.__strictExcel = excel;
