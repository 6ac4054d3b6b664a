/**
 * Before removing a schedule whose history the relay would delete with it: the question in place, under the
 * schedule's controls, saying how many days go (the relay's list's `kept.days`). It takes focus as it shows, so a
 * keyboard or screen reader is where the question is.
 */
import { useEffect, useRef } from "react";
import { t } from "../../i18n";
import { AskInPlace } from "../shared/AskInPlace";

export function RemoveQuestion(props: { name: string; question: string; onAnswer: (remove: boolean) => void }) {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => place.current?.focus(), []);
  return (
    <div ref={place} tabIndex={-1} style={{ flexBasis: "100%" }}>
      <AskInPlace
        label={t("relayHistory.removeAsk.label", { name: props.name })}
        title={t("relayHistory.removeAsk.title")}
        question={props.question}
        choices={[
          { label: t("relayHistory.removeAsk.remove"), onChoose: () => props.onAnswer(true) },
          { label: t("relayHistory.removeAsk.keep"), primary: true, onChoose: () => props.onAnswer(false) },
        ]}
      />
    </div>
  );
}
