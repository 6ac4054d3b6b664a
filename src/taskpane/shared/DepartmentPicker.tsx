/**
 * A searchable department picker for `departments` (keyword research, ABA research), as the category picker is for
 * node paths: the marketplace's departments (the department lookup, listed once) narrowed by what is typed, shown as
 * "Toys & Games (toys-and-games)"; a pick gives its code. Its state is announced in a live region.
 */
import { Combobox, Option } from "@fluentui/react-components";
import { useState } from "react";
import { DepartmentSearch, engineDepartments, type DepartmentSearchState } from "./department-search";
import { t } from "../../i18n";
import { failureText } from "./services";
import { PickerStatus, usePickerSearch } from "./search-picker";
import { useControlStyles } from "./styles";

interface DepartmentPickerProps {
  readonly id: string;
  readonly ariaLabel: string;
  readonly market: string;
  /** A department was picked: its code. */
  readonly onPick: (code: string) => void;
}

function statusText(state: DepartmentSearchState, market: string): string {
  switch (state.status) {
    case "idle":
      return market ? "" : t("department.chooseMarket");
    case "loading":
      return t("department.loading");
    case "done":
      if (!state.words) return t("department.all", { count: state.all });
      return state.choices.length === 0
        ? t("department.none", { words: state.words })
        : t("department.found", { count: state.choices.length, words: state.words });
    case "failed":
      return t("department.failed", { reason: failureText(state.error) });
    default: {
      const unhandled: never = state;
      return String(unhandled);
    }
  }
}

export function DepartmentPicker(props: DepartmentPickerProps) {
  const controls = useControlStyles();
  const { search, state } = usePickerSearch<DepartmentSearchState, DepartmentSearch>(
    (engine) => new DepartmentSearch(engineDepartments(engine)),
  );
  const [text, setText] = useState("");
  const choices = state.status === "done" ? state.choices : [];
  const statusId = `${props.id}-status`;
  return (
    <>
      <Combobox
        className={controls.control}
        id={props.id}
        aria-label={props.ariaLabel}
        aria-describedby={statusId}
        freeform
        placeholder={t("department.placeholder")}
        value={text}
        selectedOptions={[]}
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
      </Combobox>
      <PickerStatus id={statusId} text={statusText(state, props.market)} />
    </>
  );
}
