/**
 * A searchable category picker for nodeIdPath fields: type words ("yoga"), pick "Sports & Outdoors › … › Mats"
 * (a Chinese reader sees the service's Chinese path, 运动户外 › … › 瑜伽垫), and the field gets that node path; a
 * typed node path is kept as typed. The search runs through the engine
 * (CategorySearch: debounced, one call per distinct search) and its state is announced in a live region.
 */
import { Combobox, Option, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useMemo, useState, type FocusEvent } from "react";
import { CategorySearch, choiceLabel, engineLookup, type CategorySearchState } from "./category-search";
import { t } from "../../i18n";
import { failureText, useServices } from "./services";
import { useControlStyles } from "./styles";

const useStyles = makeStyles({
  status: { display: "block", color: tokens.colorNeutralForeground3, minHeight: tokens.lineHeightBase200 },
});

interface CategoryPickerProps {
  readonly id?: string;
  /** For a picker without a visible label of its own (the one that adds to nodeIdPaths). */
  readonly ariaLabel?: string;
  readonly market: string;
  readonly text: string;
  readonly required?: boolean;
  /** Every keystroke: the text as typed (a node path typed by hand is a value). */
  readonly onText: (text: string) => void;
  /** A category was picked: its node path. */
  readonly onPick: (nodeIdPath: string) => void;
  readonly onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

function statusText(state: CategorySearchState, market: string, text: string): string {
  switch (state.status) {
    case "idle":
      return market || !text.trim() ? "" : t("category.chooseMarket");
    case "searching":
      return t("category.searching");
    case "done":
      return state.choices.length === 0
        ? t("category.none", { words: state.words })
        : t("category.found", { count: state.choices.length, words: state.words });
    case "failed":
      return t("category.failed", { reason: failureText(state.error) });
    default: {
      const unhandled: never = state;
      return String(unhandled);
    }
  }
}

export function CategoryPicker(props: CategoryPickerProps) {
  const { engine } = useServices();
  const styles = useStyles();
  const controls = useControlStyles();
  const search = useMemo(() => new CategorySearch(engineLookup(engine)), [engine]);
  const [state, setState] = useState<CategorySearchState>(search.state);
  useEffect(() => {
    const unsubscribe = search.subscribe(setState);
    return () => {
      unsubscribe();
      search.dispose();
    };
  }, [search]);
  const choices = state.status === "done" ? state.choices : [];
  const statusId = `${props.id ?? "category-picker"}-status`;
  return (
    <>
      <Combobox
        className={controls.control}
        id={props.id}
        aria-label={props.ariaLabel}
        aria-describedby={statusId}
        aria-required={props.required || undefined}
        freeform
        placeholder={t("category.placeholder")}
        value={props.text}
        selectedOptions={[]}
        onChange={(event) => {
          props.onText(event.target.value);
          search.type(props.market, event.target.value);
        }}
        onOptionSelect={(_, data) => {
          if (data.optionValue) props.onPick(data.optionValue);
        }}
        onBlur={props.onBlur}
      >
        {choices.map((c) => {
          const label = choiceLabel(c);
          return (
            <Option key={c.nodeIdPath} value={c.nodeIdPath} text={label}>
              {c.products === null ? label : t("category.option", { label, products: c.products })}
            </Option>
          );
        })}
      </Combobox>
      <Text id={statusId} role="status" aria-live="polite" size={200} className={styles.status}>
        {statusText(state, props.market, props.text)}
      </Text>
    </>
  );
}
