/**
 * The strict Excel stand-in in a jest file: a fresh workbook per test with `Excel`, `Office`, `OfficeRuntime` and
 * `CustomFunctions` installed as globals, and after each test the checks every test owes Excel: no sync past 5 MB
 * (desktop records it, the web refused it already) and no person's cell overwritten without being asked.
 */
import { StrictExcel, type StrictExcelOptions } from "./index";

const GLOBALS = ["Excel", "Office", "OfficeRuntime", "CustomFunctions"] as const;

export interface StrictExcelSession {
  /** This test's Excel. */
  readonly excel: StrictExcel;
}

/** Registers the hooks; `allowOverwrites` for the tests whose person chose "Overwrite". */
export function strictExcelPerTest(options: StrictExcelOptions = {}): StrictExcelSession {
  const session = {} as { excel: StrictExcel };
  beforeEach(() => {
    session.excel = new StrictExcel(options);
    Object.assign(globalThis, session.excel.globals());
  });
  afterEach(async () => {
    await session.excel.idle();
    for (const name of GLOBALS) delete (globalThis as Record<string, unknown>)[name];
    expect(session.excel.oversized).toEqual([]);
  });
  return session;
}

export const PLATFORMS = ["desktop", "web"] as const;
