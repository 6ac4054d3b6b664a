/**
 * What the add-in keeps in the workbook's document settings (Office.context.document.settings, saved with the
 * file): the queries of its tables under `mad.tables` and the templates its report sheets were made from under
 * `mad.reports`. Neither is secret; the API secret never goes there (it lives in runtime storage). One home for
 * both, so the tables' and the reports' Office code share it without importing each other.
 * Source: https://learn.microsoft.com/javascript/api/office/office.settings (saved with the document by saveAsync).
 */
import { t } from "../../i18n";

/** Table name -> the table's sheet, query and column formats (office-tables.ts). */
export const TABLES_SETTING = "mad.tables";
/** Sheet id -> the report made there: template, inputs, charts, names (office-reports.ts). */
export const REPORTS_SETTING = "mad.reports";
/** Report sheet id or table name -> whether it keeps snapshots, where its history sheet is, its last snapshot. */
export const SNAPSHOT_SETTING = "mad.snapshots";
/** Where versions before the rename kept the same (workbooks saved then still have it there). */
export const OLD_SNAPSHOT_SETTING = "mad.history";
/** The workbook's own options for the add-in: refresh when opened (office-host.ts). */
export const OPTIONS_SETTING = "mad.options";

/** The document settings as the host uses them (injectable for tests). */
export type DocumentSettings = () => Pick<Office.Settings, "get" | "set" | "saveAsync">;

/** A setting holding a JSON object, written by an older or newer version perhaps: `{}` when missing or unreadable. */
export function readSetting<T extends object>(settings: DocumentSettings, key: string): T {
  const raw = settings().get(key) as unknown;
  if (typeof raw === "string") {
    try {
      const parsed = JSON.parse(raw) as unknown;
      return (parsed && typeof parsed === "object" ? parsed : {}) as T;
    } catch {
      return {} as T;
    }
  }
  return (raw && typeof raw === "object" ? raw : {}) as T;
}

/** A renamed setting: under its name, else where an older version wrote it (read as before, written anew). */
export function readRenamedSetting<T extends object>(settings: DocumentSettings, key: string, oldKey: string): T {
  const current = settings().get(key) as unknown;
  return readSetting<T>(settings, current === null || current === undefined ? oldKey : key);
}

/** Sets and saves a setting; rejects saying what could not be kept (`what`: "the table's query"). */
export function saveSetting(settings: DocumentSettings, key: string, value: object, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const s = settings();
    s.set(key, JSON.stringify(value));
    s.saveAsync((result) =>
      String(result.status) === "failed"
        ? reject(new Error(t("host.couldNotSave", { what, reason: result.error?.message ?? t("host.unknownError") })))
        : resolve(),
    );
  });
}
