/**
 * Every text of the operation catalog a person can read, with where it comes from: what each translation in
 * src/i18n/catalog-texts/<locale>.ts must cover (test/i18n/catalog-texts.test.ts, and `npm run i18n:missing`,
 * which prints what is missing ready to fill in). The faces read the same texts through ./localized.ts and
 * ./param-labels.ts, so this list and what they show cannot differ.
 */
import { LOOKUP_FUNCTIONS, OPERATIONS, type AnyOperation } from "../catalog";
import { GROUP_LABELS, MARKETPLACES, type FieldSpec, type OperationGroup, type ParamSpec } from "../catalog-types";
import { HISTORY_ARGS, HISTORY_DATE_DOC } from "../history-form";
import { labelWords } from "./param-labels";
import { rangeWords } from "./localized";
import { RECORD_FIELDS, TRAFFIC_KEYWORD_STATS_FIELDS } from "../records";

export interface CatalogText {
  /** The English, as the catalog writes it: the key of every translation. */
  readonly text: string;
  /** Where it is read: `operation keyword_miner: param minSearches (doc)`, `record product: field badge.bestSeller`. */
  readonly where: string;
  /** The group whose file of a translation holds it (`common`: group and marketplace names). */
  readonly group: OperationGroup | "common";
}

function fieldTexts(
  group: OperationGroup,
  record: string,
  fields: readonly FieldSpec[],
  parents: string[] = [],
): CatalogText[] {
  return fields.flatMap((field) => {
    const path = [...parents, field.name];
    return [
      { text: field.doc, where: `record ${record}: field ${path.join(".")}`, group },
      ...(field.fields ? fieldTexts(group, record, field.fields, path) : []),
    ];
  });
}

function paramTexts(op: AnyOperation, spec: ParamSpec): CatalogText[] {
  const at = `operation ${op.code}: param ${spec.name}`;
  const range = spec.role === "rangeMin" || spec.role === "rangeMax";
  const { group } = op;
  return [
    range
      ? { text: rangeWords(spec), where: `${at} (range words)`, group }
      : { text: spec.doc, where: `${at} (doc)`, group },
    ...(range ? [] : [{ text: labelWords(spec), where: `${at} (label)`, group }]),
    ...[...(spec.options ?? []), ...(spec.words ?? [])].map((o) => ({
      text: o.label,
      where: `${at} (option ${String(o.value)})`,
      group,
    })),
  ];
}

/** A history function's texts: its arguments (start, end, interval), its columns' docs and its note. */
function historyTexts(op: AnyOperation): CatalogText[] {
  const form = op.history;
  if (!form) return [];
  const { group } = op;
  const at = `operation ${op.code}: history`;
  return [
    ...Object.values(HISTORY_ARGS).flatMap((spec) => paramTexts(op, spec)),
    { text: HISTORY_DATE_DOC, where: `${at} column date`, group },
    ...form.columns.map((c) => ({ text: c.doc, where: `${at} column ${c.name}`, group })),
    ...(form.note ? [{ text: form.note, where: `${at} note`, group }] : []),
  ];
}

/** Each text once, at the first place it is read (a text read in many places needs one translation). */
export function catalogTexts(operations: readonly AnyOperation[] = OPERATIONS): CatalogText[] {
  const common = "common" as const;
  const records = new Map(operations.map((op) => [op.record, op.group]));
  const all: CatalogText[] = [
    ...Object.entries(GROUP_LABELS).map(([group, text]) => ({ text, where: `group ${group}`, group: common })),
    ...MARKETPLACES.map((m) => ({ text: m.label, where: `marketplace ${m.code}`, group: common })),
    ...operations.flatMap((op) => [
      { text: op.title, where: `operation ${op.code}: title`, group: op.group },
      { text: op.description, where: `operation ${op.code}: description`, group: op.group },
      ...(op.params as readonly ParamSpec[]).flatMap((spec) => paramTexts(op, spec)),
      ...historyTexts(op),
    ]),
    ...LOOKUP_FUNCTIONS.flatMap((f) => [
      { text: f.title, where: `function ${f.fn}: title`, group: f.group },
      { text: f.description, where: `function ${f.fn}: description`, group: f.group },
    ]),
    ...[...records].flatMap(([record, group]) => fieldTexts(group, record, RECORD_FIELDS[record])),
    ...fieldTexts("keyword", "trafficKeywordStats", TRAFFIC_KEYWORD_STATS_FIELDS),
  ];
  const seen = new Set<string>();
  return all.filter((entry) => !seen.has(entry.text) && Boolean(seen.add(entry.text)));
}
