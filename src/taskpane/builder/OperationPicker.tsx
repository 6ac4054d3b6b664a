/**
 * The operation picker: 44 operations in labelled groups, searchable by typing (title, MAD name, API code, group or
 * description words). A Fluent Combobox, so arrows, Home/End, Enter and Escape work as in any list box, and the
 * matches are announced; with nothing typed it lists every group, and a pick shows the operation's title again.
 */
import { Combobox, Field, Option, OptionGroup } from "@fluentui/react-components";
import { useMemo, useState } from "react";
import { operation, type OperationCode } from "../../api/catalog";
import { operationTitle } from "../../api/words/localized";
import { operationGroups, searchOperations } from "./form-model";
import { useLocale } from "../shared/services";
import { useControlStyles } from "../shared/styles";
import { t } from "../../i18n";

interface OperationPickerProps {
  readonly code: OperationCode;
  readonly hint: string;
  readonly onPick: (code: OperationCode) => void;
}

export function OperationPicker({ code, hint, onPick }: OperationPickerProps) {
  const controls = useControlStyles();
  // Made when the builder first shows, not at import: by then the catalog has its words (src/api/words/texts.ts);
  // made again in the language the person switches to.
  const locale = useLocale();
  const groups = useMemo(() => operationGroups(), [locale]);
  const total = groups.reduce((n, g) => n + g.operations.length, 0);
  /** The words typed since the last pick; null shows the chosen operation's title and every operation. */
  const [typed, setTyped] = useState<string | null>(null);
  const shown = useMemo(() => searchOperations(groups, typed ?? ""), [groups, typed]);
  const matches = shown.reduce((n, g) => n + g.operations.length, 0);
  const selected = useMemo(() => [code], [code]);
  return (
    <Field
      label={t("build.operation")}
      hint={typed === null ? hint : t("build.operation.matches", { count: matches, total })}
    >
      <Combobox
        className={controls.control}
        // Freeform: the input holds the words typed to search (a pick or Escape shows the chosen title again).
        freeform
        value={typed ?? operationTitle(operation(code))}
        selectedOptions={selected}
        placeholder={t("build.operation.search", { total })}
        onChange={(event) => setTyped(event.target.value)}
        onOptionSelect={(_, data) => {
          // Typing clears the selection (no option value): the search goes on; a pick ends it.
          if (!data.optionValue) return;
          setTyped(null);
          onPick(data.optionValue as OperationCode);
        }}
        onOpenChange={(_, data) => {
          if (!data.open) setTyped(null);
        }}
      >
        {shown.map((g) => (
          <OptionGroup key={g.group} label={g.label}>
            {g.operations.map((o) => (
              <Option key={o.code} value={o.code} text={o.title}>
                {t("build.operation.option", { title: o.title, fn: o.fn })}
              </Option>
            ))}
          </OptionGroup>
        ))}
        {matches === 0 && (
          <Option key="none" value="" text="" disabled>
            {t("build.operation.noMatch", { words: typed ?? "" })}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
