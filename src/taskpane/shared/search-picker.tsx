/**
 * What the searchable pickers (categories, departments) share: their search's state as React state, for as long as
 * the picker is shown, and the live region under the box that announces it.
 */
import { Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useMemo, useState } from "react";
import { useServices } from "./services";
import type { Engine } from "../../engine";

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
export function PickerStatus(props: { readonly id: string; readonly text: string }) {
  const styles = useStyles();
  return (
    <Text id={props.id} role="status" aria-live="polite" size={200} className={styles.status}>
      {props.text}
    </Text>
  );
}
