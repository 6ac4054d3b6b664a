/**
 * A question in place, above what it is about (cells in use, a table that needs more room): a warning bar with a
 * title, the question and the person's choices as buttons. Not a modal: one question needs no focus trap.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { useControlStyles } from "./styles";

export interface Choice {
  readonly label: string;
  /** The choice the pane suggests. */
  readonly primary?: boolean;
  readonly onChoose: () => void;
}

export function AskInPlace(props: { label: string; title: string; question: string; choices: readonly Choice[] }) {
  const controls = useControlStyles();
  return (
    <MessageBar intent="warning" layout="multiline" aria-label={props.label}>
      <MessageBarBody className={controls.message}>
        <MessageBarTitle>{props.title}</MessageBarTitle>
        {props.question}
      </MessageBarBody>
      <MessageBarActions>
        {props.choices.map((choice) => (
          <Button key={choice.label} appearance={choice.primary ? "primary" : "secondary"} onClick={choice.onChoose}>
            {choice.label}
          </Button>
        ))}
      </MessageBarActions>
    </MessageBar>
  );
}
