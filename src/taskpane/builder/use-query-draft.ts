/**
 * The query builder's draft, as a hook: the operation picked, the form's values, fields and limit, which fields
 * were touched and whether an action was tried (a field shows its messages once touched, every field once tried),
 * and the draft checked by the client's own rules on every change.
 */
import { useMemo, useState } from "react";
import type { OperationCode } from "../../api/catalog";
import type { Clock } from "../../lib/clock";
import { t } from "../../i18n";
import type { Outcome } from "../shared/use-action";
import type { ValidQuery } from "./actions";
import { allFields, formModel } from "./form-model";
import { carryOver, initialValues, type FormValue, type QueryDraft } from "./form-values";
import { FIELD_PICKER, validateDraft, type InlineErrors } from "./inline-errors";
import { fieldId } from "./ParamField";

function freshDraft(code: OperationCode): QueryDraft {
  return { values: initialValues(formModel(code)), fields: [], limit: "" };
}

/** Only the messages of fields that should show theirs now. */
function visible(errors: InlineErrors, touched: ReadonlySet<string>, attempted: boolean): InlineErrors {
  if (attempted) return errors;
  const byField = Object.fromEntries(Object.entries(errors.byField).filter(([name]) => touched.has(name)));
  return { byField, general: [], count: Object.keys(byField).length };
}

export function useQueryDraft(clock: Clock, setOutcome: (outcome: Outcome | null) => void) {
  const [code, setCode] = useState<OperationCode>("product_research");
  const [draft, setDraft] = useState<QueryDraft>(() => freshDraft("product_research"));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const model = formModel(code);
  // The clock of pickers and date rules, read once: a pane left open over midnight keeps yesterday's choices.
  const [today] = useState(() => new Date(clock.now()));
  const validation = useMemo(() => validateDraft(model, draft, today), [model, draft, today]);
  const touch = (name: string) => setTouched((t) => new Set(t).add(name));

  const pick = (next: OperationCode) => {
    setCode(next);
    setDraft((d) => carryOver(formModel(code), d, formModel(next)));
    setTouched(new Set());
    setAttempted(false);
  };

  const onValue = (name: string, value: FormValue) => {
    setDraft((d) => {
      const values = { ...d.values, [name]: value };
      // A date whose format follows this parameter (order words' date after reverseType) starts over.
      for (const f of allFields(model))
        if (f.control.type === "weekOrMonth" && f.control.switchParam === name) values[f.name] = "";
      return { ...d, values };
    });
    touch(name);
  };

  /** The validated query, or null after showing every message and focusing the first invalid field. */
  const validQuery = (cards: boolean): ValidQuery | null => {
    setAttempted(true);
    if (!validation.params) {
      const first = [...allFields(model).map((f) => f.name), FIELD_PICKER, "limit"].find(
        (name) => validation.errors.byField[name],
      );
      if (first) document.getElementById(fieldId(first))?.focus();
      setOutcome({ kind: "error", text: t("build.correctFirst", { problems: validation.errors.count }) });
      return null;
    }
    return {
      code,
      params: validation.params,
      fields: draft.fields,
      ...(validation.limit === undefined ? {} : { limit: validation.limit }),
      ...(validation.history ? { history: validation.history } : {}),
      ...(cards ? { cards: true } : {}),
    };
  };

  const onDraft = (patch: Partial<QueryDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const shown = visible(validation.errors, touched, attempted);
  return { code, model, draft, today, shown, pick, onValue, onDraft, touch, validQuery };
}
