/**
 * The query builder: pick an operation, fill its generated form, then preview, insert as formula or insert as
 * table from a sticky footer; progress, outcome and preview show at the top, in view. The client's validation runs on every change; a field shows its messages once touched, and every field
 * once an action was tried. Nothing is sent while anything is invalid.
 */
import {
  Button,
  Checkbox,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  tokens,
} from "@fluentui/react-components";
import { useEffect, useState } from "react";
import type { OperationCode } from "../../api/catalog";
import type { HostAdapter } from "../host/host-adapter";
import { OperationPicker } from "./OperationPicker";
import { asinColumnOf } from "../report-model/table-cards";
import { QueryForm } from "./QueryForm";
import { useControlStyles, useLayoutStyles } from "../shared/styles";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useServices } from "../shared/services";
import { useAction } from "../shared/use-action";
import { t } from "../../i18n";
import { BusyLine, OverwriteAskBar, PreviewShown, PreviewSummary, SpendAskBar } from "./BuilderQuestions";
import { useInsertActions } from "./use-insert-actions";
import { useQueryDraft } from "./use-query-draft";

const useStyles = makeStyles({
  // A sticky footer: the buttons stay in view however long the form is.
  stickyFooter: {
    position: "sticky",
    bottom: 0,
    zIndex: 1,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

/** Whether this host's cells hold data types (product cards), asked once; the ASIN column cards would go in. */
function useCardsOption(host: HostAdapter, code: OperationCode, fields: readonly string[]) {
  const [canCards, setCanCards] = useState(false);
  const [cards, setCards] = useState(false);
  useEffect(() => {
    let live = true;
    void host
      .dataTypeSupport()
      .then((ok) => live && setCanCards(ok))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [host]);
  const column = canCards ? asinColumnOf(code, fields) : undefined;
  return { column, cards: cards && column !== undefined, setCards };
}

export function QueryBuilder() {
  const services = useServices();
  const styles = useStyles();
  const layout = useLayoutStyles();
  const controls = useControlStyles();
  const action = useAction();
  const { busy, outcome, setOutcome } = action;
  const query = useQueryDraft(services.clock, setOutcome);
  const { code, model, draft, shown } = query;
  const cards = useCardsOption(services.host, code, draft.fields);
  const insert = useInsertActions(services, action, () => query.validQuery(cards.cards));
  const pick = (next: OperationCode) => {
    query.pick(next);
    setOutcome(null);
    insert.reset();
  };

  return (
    <section className={layout.stack} aria-label={t("build.label")}>
      {/* Progress, outcome and preview first: in view while the form below scrolls. */}
      {insert.spend && (
        <SpendAskBar
          spend={insert.spend}
          onConfirm={() => insert.confirmSpend(insert.spend!)}
          onCancel={insert.declineSpend}
        />
      )}
      {insert.overwrite && (
        <OverwriteAskBar
          overwrite={insert.overwrite}
          onChoose={insert.chooseOverwrite}
          onCancel={insert.declineOverwrite}
        />
      )}
      <BusyLine {...action} />
      <OutcomeBar outcome={outcome} shown={insert.preview}>
        {insert.preview && <PreviewSummary preview={insert.preview} />}
      </OutcomeBar>
      {insert.preview && <PreviewShown preview={insert.preview} title={model.title} />}
      <OperationPicker code={code} hint={model.description} onPick={pick} />
      <QueryForm
        key={code}
        model={model}
        draft={draft}
        onValue={query.onValue}
        onDraft={query.onDraft}
        onTouch={query.touch}
        shown={shown}
        now={query.today}
      />
      {shown.general.length > 0 && (
        <MessageBar layout="multiline" intent="error">
          <MessageBarBody className={controls.message}>{shown.general.join(" ")}</MessageBarBody>
        </MessageBar>
      )}
      {cards.column && (
        <Checkbox
          checked={cards.cards}
          onChange={(_, d) => cards.setCards(d.checked === true)}
          label={t("build.table.cards", { column: cards.column })}
        />
      )}
      <div className={mergeClasses(layout.wrapRow, styles.stickyFooter)} role="group" aria-label={t("build.actions")}>
        <Button appearance="primary" disabled={busy !== null} onClick={insert.onPreview}>
          {t("build.preview")}
        </Button>
        <Button disabled={busy !== null} onClick={insert.onInsertFormula}>
          {t("build.insertFormula")}
        </Button>
        <Button disabled={busy !== null} onClick={insert.onInsertTable}>
          {t("build.insertTable")}
        </Button>
      </div>
    </section>
  );
}
