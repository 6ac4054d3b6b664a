/**
 * An action's outcome (useAction) as the pane shows it: a message bar of its kind in a polite live region, which is
 * always there (a region added with its text is not announced), brought into view when an outcome or what it holds
 * (`shown`: a preview's summary) comes (./in-view.ts).
 */
import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { useInView } from "./in-view";
import { useControlStyles } from "./styles";
import type { Outcome } from "./use-action";

export function OutcomeBar({
  outcome,
  children,
  shown,
}: {
  outcome: Outcome | null;
  children?: ReactNode;
  shown?: unknown;
}) {
  const controls = useControlStyles();
  const ref = useInView<HTMLDivElement>(outcome ?? shown);
  return (
    <div ref={ref} aria-live="polite">
      {children}
      {outcome && (
        <MessageBar layout="multiline" intent={outcome.kind}>
          <MessageBarBody className={controls.message}>{outcome.text}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
