/**
 * What the searchable pickers (categories, departments) share: their search's state as React state, for as long as
 * the picker is shown, and the live region under the box that announces it.
 */
import { Combobox, Text, makeStyles, tokens, type ComboboxProps } from "@fluentui/react-components";
import { useEffect, useMemo, useState } from "react";
import { failureText, useServices } from "./services";
import type { Engine } from "../../engine";
import { t } from "../../i18n";
import { useControlStyles } from "./styles";

/** A search a picker runs: its state now, a listener for the next ones, and its end. */
export interface PickerSearch<State> {
  readonly state: State;
  subscribe(listener: (state: State) => void): () => void;
  dispose(): void;
}

/** The picker's search, made once per engine and disposed of with the picker, and its current state. */
export function usePickerSearch<State, Search extends PickerSearch<State>>(
  make: (engine: Engine) => Search,
): { search: Search; state: State } {
  const { engine } = useServices();
  // `make` only builds the search: it follows the engine alone.
  const search = useMemo(() => make(engine), [engine]);
  const [state, setState] = useState<State>(search.state);
  useEffect(() => {
    const unsubscribe = search.subscribe(setState);
    return () => {
      unsubscribe();
      search.dispose();
    };
  }, [search]);
  return { search, state };
}

const useStyles = makeStyles({
  status: { display: "block", color: tokens.colorNeutralForeground3, minHeight: tokens.lineHeightBase200 },
});

/** The line under a picker that says what its search is doing, read out as it changes. */
function PickerStatus(props: { readonly id: string; readonly text: string }) {
  const styles = useStyles();
  return (
    <Text id={props.id} role="status" aria-live="polite" size={200} className={styles.status}>
      {props.text}
    </Text>
  );
}

/**
 * A picker's box: a combobox that takes any text (the picker searches as it is typed), its options given as children
 * and a pick left unselected (the picker's owner keeps the value), with the status line under it.
 */
export function PickerBox({ statusId, status, ...box }: ComboboxProps & { statusId: string; status: string }) {
  const controls = useControlStyles();
  return (
    <>
      <Combobox className={controls.control} aria-describedby={statusId} freeform selectedOptions={[]} {...box} />
      <PickerStatus id={statusId} text={status} />
    </>
  );
}

/** Each picker's words for a finished search (written out whole: the catalog test looks for every id). */
const RESULT_TEXTS = {
  category: { none: "category.none", found: "category.found", failed: "category.failed" },
  department: { none: "department.none", found: "department.found", failed: "department.failed" },
} as const;

/** What a picker's finished search says ("3 departments for toy", "none for toy"), or why it failed. */
export function searchResultText(
  picker: keyof typeof RESULT_TEXTS,
  result: { readonly choices: readonly unknown[]; readonly words: string } | { readonly error: unknown },
): string {
  const texts = RESULT_TEXTS[picker];
  if ("error" in result) return t(texts.failed, { reason: failureText(result.error) });
  const { choices, words } = result;
  return choices.length === 0 ? t(texts.none, { words }) : t(texts.found, { count: choices.length, words });
}
