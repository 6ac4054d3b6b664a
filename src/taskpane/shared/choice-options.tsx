/** The options of a pane's lists (dropdowns, comboboxes) where each choice is shown, and read out, by its text. */
import { Option } from "@fluentui/react-components";

/** A choice in a list: the value it gives and its text. */
export interface ListChoice {
  readonly value: string;
  readonly text: string;
}

/** One option a choice, keyed by its value (a "not set" choice's empty value is a key too). */
export function choiceOptions(choices: readonly ListChoice[]) {
  return choices.map((c) => (
    <Option key={c.value} value={c.value} text={c.text}>
      {c.text}
    </Option>
  ));
}
