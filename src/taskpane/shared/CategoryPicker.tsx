/**
 * A searchable category picker for nodeIdPath fields: type words ("yoga"), pick "Sports & Outdoors › … › Mats"
 * (a Chinese reader sees the service's Chinese path, 运动户外 › … › 瑜伽垫), and the field gets that node path; a
 * typed node path is kept as typed. The search runs through the engine
 * (CategorySearch: debounced, one call per distinct search) and its state is announced in a live region.
 */
import { Combobox, Option } from "@fluentui/react-components";
import type { FocusEvent } from "react";
import { CategorySearch, choiceLabel, engineLookup, type CategorySearchState } from "./category-search";
import { t } from "../../i18n";
import { failureText } from "./services";
import { PickerStatus, usePickerSearch } from "./search-picker";
import { useControlStyles } from "./styles";

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
  const controls = useControlStyles();
  const { search, state } = usePickerSearch<CategorySearchState, CategorySearch>(
    (engine) => new CategorySearch(engineLookup(engine)),
  );
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
      <PickerStatus id={statusId} text={statusText(state, props.market, props.text)} />
    </>
  );
}
