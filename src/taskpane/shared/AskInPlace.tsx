/**
 * A question in place, above what it is about (cells in use, a table that needs more room): a warning bar with a
 * title, the question and the person's choices as buttons. Not a modal: one question needs no focus trap. It comes
 * into view where the person is (./in-view.ts) and is announced (an alert: the question waits for them).
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { useInView } from "./in-view";
import { useControlStyles } from "./styles";

export interface Choice {
  readonly label: string;
  /** The choice the pane suggests. */
  readonly primary?: boolean;
  readonly onChoose: () => void;
}

export function AskInPlace(props: { label: string; title: string; question: string; choices: readonly Choice[] }) {
  const controls = useControlStyles();
  const ref = useInView<HTMLDivElement>(props.question);
  return (
    <MessageBar ref={ref} intent="warning" layout="multiline" aria-label={props.label}>
      <MessageBarBody className={controls.message}>
        <div role="alert">
          <MessageBarTitle>{props.title}</MessageBarTitle>
          {props.question}
        </div>
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
