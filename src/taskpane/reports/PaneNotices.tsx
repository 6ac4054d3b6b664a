/**
 * The pane's message bar above its tabs, on every tab: refresh when opened (counting, its question when it spends
 * many calls, what it spent), and formulas showing their last good answers because the service failed ("2 formulas
 * show their earlier answers: as of 24 Nov, 09:10: the service did not answer").
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { FormulaEntry } from "../../engine";
import { t } from "../../i18n";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useServices } from "../shared/services";
import { useControlStyles } from "../shared/styles";
import { openRefresh, type OpenRefreshState } from "./on-open";
import { backfillNotice } from "./relay-backfill-notice";
import { lastGoodText } from "./status";

/** Entries showing their last good answer, oldest data first. */
const showingLastGood = (entries: readonly FormulaEntry[]) =>
  entries
    .filter((e) => e.status === "ok" && e.lastGood && e.lastRefreshed !== null)
    .sort((a, b) => a.lastRefreshed! - b.lastRefreshed!);

/**
 * Refresh when opened runs from the add-in's start while this lazily loaded bar renders: its state may change
 * between the render and the subscription (its question missed, the bar stuck at "counting" and the refresh
 * waiting for an answer nobody can give). useSyncExternalStore reads the state again once subscribed and renders
 * anew when it moved (https://react.dev/reference/react/useSyncExternalStore).
 */
const subscribeOpenRefresh = (onChange: () => void) => openRefresh.subscribe(onChange);
const openRefreshState = (): OpenRefreshState => openRefresh.state;
const subscribeBackfill = (onChange: () => void) => backfillNotice.subscribe(onChange);
const backfillState = () => backfillNotice.state;

export function PaneNotices() {
  const { registry } = useServices();
  const controls = useControlStyles();
  const open = useSyncExternalStore(subscribeOpenRefresh, openRefreshState);
  const backfill = useSyncExternalStore(subscribeBackfill, backfillState);
  const [stale, setStale] = useState(() => showingLastGood(registry.list()));
  useEffect(() => {
    const unsubscribe = registry.subscribe((entries) => setStale(showingLastGood(entries)));
    // Changes made between the first render and this subscription are read here, not lost.
    setStale(showingLastGood(registry.list()));
    return unsubscribe;
  }, [registry]);

  return (
    <>
      {backfill && <OutcomeBar outcome={backfill} />}
      {open.kind === "asking" && (
        <AskBeforeSpending
          title={t("onOpen.title")}
          question={open.question}
          confirmLabel={t("onOpen.confirm")}
          onConfirm={() => openRefresh.reply(true)}
          onCancel={() => openRefresh.reply(false)}
        />
      )}
      {open.kind === "counting" && <OutcomeBar outcome={{ kind: "info", text: t("onOpen.counting") }} />}
      {open.kind === "running" && <OutcomeBar outcome={{ kind: "info", text: open.text }} />}
      {open.kind === "done" && <OutcomeBar outcome={open.outcome} />}
      {stale.length > 0 && (
        <MessageBar intent="warning" layout="multiline" aria-label={t("lastGood.title")}>
          <MessageBarBody className={controls.message}>
            <MessageBarTitle>{t("lastGood.title")}</MessageBarTitle>
            {t("lastGood.bar", {
              count: stale.length,
              status: lastGoodText(stale[0].lastRefreshed!, stale[0].lastGood!),
            })}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
