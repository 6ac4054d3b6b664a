/**
 * The one way the pane asks before spending calls (Insert as table, Create a report, Refresh): a question in place
 * (./AskInPlace.tsx), above what it is about, with the count in its text, the action and Cancel.
 */
import { AskInPlace } from "./AskInPlace";
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
  return (
    <AskInPlace
      label={t("ask.label")}
      title={props.title}
      question={props.question}
      choices={[
        { label: props.confirmLabel, primary: true, onChoose: props.onConfirm },
        { label: t("action.cancel"), onChoose: props.onCancel },
      ]}
    />
  );
}
