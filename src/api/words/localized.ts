/**
 * The operation catalog's texts as a person reads them, in the active language: the catalog keeps its English
 * (the single source of truth), src/i18n/catalog-texts/<locale>.ts their translations. Every face reads titles,
 * docs, labels and option labels through these, never from the row itself, so a new language reaches all of them;
 * catalog-texts.ts lists every text they can ask for, which the guard holds against each translation.
 */
import { catalogText } from "../../i18n/catalog-translations";
import type { Locale } from "../../i18n/locale";
import { t } from "../../i18n/cells";
import { GROUP_LABELS, type EnumOption, type FieldSpec, type OperationGroup, type ParamSpec } from "../catalog-types";

interface Titled {
  readonly title: string;
  readonly description: string;
}

export const operationTitle = (op: Titled, locale?: Locale): string => catalogText(op.title, locale);
export const operationDescription = (op: Titled): string => catalogText(op.description);
export const groupLabel = (group: OperationGroup): string => catalogText(GROUP_LABELS[group]);
export const optionLabel = (option: Pick<EnumOption, "label">): string => catalogText(option.label);
export const fieldDoc = (spec: FieldSpec): string => catalogText(spec.doc);

/** A min/max pair's words in its English doc: "Minimum BSR growth rate." -> "BSR growth rate". */
export function rangeWords(spec: Pick<ParamSpec, "doc">): string {
  return spec.doc
    .replace(/^(Minimum|Maximum)\s+/, "")
    .replace(/\.\s*$/, "")
    .trim();
}

const isRangeSide = (spec: ParamSpec) => spec.role === "rangeMin" || spec.role === "rangeMax";

/** The catalog's doc line of a parameter; a min/max side's from its pair's words. */
export function paramDoc(spec: ParamSpec): string {
  if (!isRangeSide(spec)) return catalogText(spec.doc);
  return t(spec.role === "rangeMin" ? "range.minDoc" : "range.maxDoc", { words: catalogText(rangeWords(spec)) });
}
