/**
 * Office's display language (`Office.context.displayLanguage`, e.g. `zh-CN`, `en-US`): the language of Office's
 * own UI, which the add-in follows unless the person chose another in the pane. Office reloads add-ins when it
 * changes, so it is read once, after Office.onReady. The preview's Office stand-in answers with its own language.
 * Source: https://learn.microsoft.com/javascript/api/office/office.context#office-office-context-displaylanguage-member
 */
export function officeDisplayLanguage(): string | undefined {
  const office = (globalThis as { Office?: { context?: { displayLanguage?: unknown } } }).Office;
  const language = office?.context?.displayLanguage;
  return typeof language === "string" && language.trim() !== "" ? language : undefined;
}
