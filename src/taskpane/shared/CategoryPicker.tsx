/**
 * A searchable category picker for nodeIdPath fields: type words ("yoga"), pick "Sports & Outdoors › … › Mats"
 * (a Chinese reader sees the service's Chinese path, 运动户外 › … › 瑜伽垫), and the field gets that node path; a
 * typed node path is kept as typed. The search runs through the engine
 * (CategorySearch: debounced, one call per distinct search) and its state is announced in a live region.
 */
import { Option } from "@fluentui/react-components";
import type { FocusEvent } from "react";
import { CategorySearch, choiceLabel, engineLookup, type CategorySearchState } from "./category-search";
import { t } from "../../i18n";
import { PickerBox, searchResultText, usePickerSearch } from "./search-picker";

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
  // A new status fails to compile here: searchResultText takes only the finished ones.
  if (state.status === "idle") return market || !text.trim() ? "" : t("category.chooseMarket");
  if (state.status === "searching") return t("category.searching");
  return searchResultText("category", state);
}

export function CategoryPicker(props: CategoryPickerProps) {
  const { search, state } = usePickerSearch<CategorySearchState, CategorySearch>(
    (engine) => new CategorySearch(engineLookup(engine)),
  );
  const choices = state.status === "done" ? state.choices : [];
  const statusId = `${props.id ?? "category-picker"}-status`;
  return (
    <PickerBox
      statusId={statusId}
      status={statusText(state, props.market, props.text)}
      id={props.id}
      aria-label={props.ariaLabel}
      aria-required={props.required || undefined}
      placeholder={t("category.placeholder")}
      value={props.text}
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
    </PickerBox>
  );
}
