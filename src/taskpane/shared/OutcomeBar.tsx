/** An action's outcome (useAction) as the pane shows it: a message bar of its kind in a polite live region. */
import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { useControlStyles } from "./styles";
import type { Outcome } from "./use-action";

export function OutcomeBar({ outcome, children }: { outcome: Outcome | null; children?: ReactNode }) {
  const controls = useControlStyles();
  return (
    <div aria-live="polite">
      {children}
      {outcome && (
        <MessageBar layout="multiline" intent={outcome.kind}>
          <MessageBarBody className={controls.message}>{outcome.text}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
