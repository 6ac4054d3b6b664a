/**
 * A searchable department picker for `departments` (keyword research, ABA research), as the category picker is for
 * node paths: the marketplace's departments (the department lookup, listed once) narrowed by what is typed, shown as
 * "Toys & Games (toys-and-games)"; a pick gives its code. Its state is announced in a live region.
 */
import { Option } from "@fluentui/react-components";
import { useState } from "react";
import { DepartmentSearch, engineDepartments, type DepartmentSearchState } from "./department-search";
import { t } from "../../i18n";
import { PickerBox, searchResultText, usePickerSearch } from "./search-picker";

interface DepartmentPickerProps {
  readonly id: string;
  readonly ariaLabel: string;
  readonly market: string;
  /** A department was picked: its code. */
  readonly onPick: (code: string) => void;
}

function statusText(state: DepartmentSearchState, market: string): string {
  // A new status fails to compile here: searchResultText takes only the finished ones.
  if (state.status === "idle") return market ? "" : t("department.chooseMarket");
  if (state.status === "loading") return t("department.loading");
  if (state.status === "done" && !state.words) return t("department.all", { count: state.all });
  return searchResultText("department", state);
}

export function DepartmentPicker(props: DepartmentPickerProps) {
  const { search, state } = usePickerSearch<DepartmentSearchState, DepartmentSearch>(
    (engine) => new DepartmentSearch(engineDepartments(engine)),
  );
  const [text, setText] = useState("");
  const choices = state.status === "done" ? state.choices : [];
  const statusId = `${props.id}-status`;
  return (
    <PickerBox
      statusId={statusId}
      status={statusText(state, props.market)}
      id={props.id}
      aria-label={props.ariaLabel}
      placeholder={t("department.placeholder")}
      value={text}
      onOpenChange={(_, data) => {
        if (data.open) void search.type(props.market, text);
      }}
      onChange={(event) => {
        setText(event.target.value);
        void search.type(props.market, event.target.value);
      }}
      onOptionSelect={(_, data) => {
        if (!data.optionValue) return;
        props.onPick(data.optionValue);
        setText("");
      }}
    >
      {choices.map((c) => {
        const label = t("department.option", { label: c.label, code: c.code });
        return (
          <Option key={c.code} value={c.code} text={label}>
            {label}
          </Option>
        );
      })}
    </PickerBox>
  );
}
