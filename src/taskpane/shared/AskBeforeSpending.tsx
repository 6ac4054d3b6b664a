/**
 * The one way the pane asks before spending calls (Insert as table, Create a report, Refresh): a warning bar in
 * place, above what it is about, with the count in its text, the action and Cancel. Not a modal: one question does
 * not need a focus trap. It comes into view where the person is (./in-view.ts) and is announced (an alert).
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { useInView } from "./in-view";
import { useControlStyles } from "./styles";
import { t } from "../../i18n";

export function AskBeforeSpending(props: {
  /** "Insert as table asks first" */
  title: string;
  /** The question, with the calls it would spend. */
  question: string;
  /** The action's button, e.g. "Insert the table". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const controls = useControlStyles();
  const ref = useInView<HTMLDivElement>(props.question);
  return (
    <MessageBar ref={ref} intent="warning" layout="multiline" aria-label={t("ask.label")}>
      <MessageBarBody className={controls.message}>
        <div role="alert">
          <MessageBarTitle>{props.title}</MessageBarTitle>
          {props.question}
        </div>
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
        <Button onClick={props.onCancel}>{t("action.cancel")}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
