/**
 * A searchable category picker for nodeIdPath fields: type words ("yoga"), pick "Sports & Outdoors › … › Mats",
 * and the field gets that node path; a typed node path is kept as typed. The search runs through the engine
 * (CategorySearch: debounced, one call per distinct search) and its state is announced in a live region.
 */
import { Combobox, Option, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useMemo, useState, type FocusEvent } from "react";
import { CategorySearch, engineLookup, type CategorySearchState } from "./category-search";
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
      return market || !text.trim() ? "" : "Choose a marketplace to search categories.";
    case "searching":
      return "Searching categories…";
    case "done":
      return state.choices.length === 0
        ? `No categories match "${state.words}".`
        : `${state.choices.length} ${state.choices.length === 1 ? "category matches" : "categories match"} "${state.words}".`;
    case "failed":
      return `Category search failed: ${failureText(state.error)}`;
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
        placeholder="Words of a category (yoga) or a node path"
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
        {choices.map((c) => (
          <Option key={c.nodeIdPath} value={c.nodeIdPath} text={c.label}>
            {`${c.label}${c.products === null ? "" : ` (${c.products.toLocaleString("en-US")} products)`}`}
          </Option>
        ))}
      </Combobox>
      <Text id={statusId} role="status" aria-live="polite" size={200} className={styles.status}>
        {statusText(state, props.market, props.text)}
      </Text>
    </>
  );
}
