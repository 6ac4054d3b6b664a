/**
 * What the Reports tab asks in place, above its list (no modal, no focus trap for one question): before a refresh
 * or a snapshot that spends many calls, and when a table's new rows would land on cells that hold something; and
 * the progress of what it is doing.
 */
import { ProgressBar, Text } from "@fluentui/react-components";
import { t } from "../../i18n";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { AskInPlace } from "../shared/AskInPlace";
import { useInView } from "../shared/in-view";
import type { Action } from "../shared/use-action";
import type { PendingQuestion } from "./use-report-actions";
import type { GrowthQuestion } from "./use-growth-question";
import type { GrowthConflict } from "./growth";

/** The title and the button of a question, by what it asks: a refresh, one from the service, or a snapshot. */
function spendWords(pending: PendingQuestion): { title: string; confirm: string } {
  if (pending.kind === "snapshot") return { title: t("reports.snapshotAskTitle"), confirm: t("snapshot.take") };
  if (pending.mode === "service")
    return {
      title: t("reports.fromService.askTitle"),
      confirm: t("reports.fromService.confirm", { calls: pending.plan.calls }),
    };
  return { title: t("reports.askTitle"), confirm: t("reports.confirm") };
}

export function SpendQuestion(props: { pending: PendingQuestion; onConfirm: () => void; onCancel: () => void }) {
  const { pending } = props;
  const words = spendWords(pending);
  return (
    <AskBeforeSpending
      title={words.title}
      question={pending.question}
      confirmLabel={words.confirm}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
  );
}

/** What the person is asked when a table's new rows need cells that hold something, or another table's rows. */
function growthQuestion(conflict: GrowthConflict): string {
  if (conflict.tables?.length && !conflict.history)
    return t("reports.growth.tableQuestion", {
      table: conflict.tableName,
      rows: conflict.rows,
      tables: conflict.tables.join(", "),
    });
  const cells = [...conflict.occupied, ...(conflict.tables ?? [])].join(", ");
  return conflict.history
    ? t("snapshot.growth.question", { cells })
    : t("reports.growth.question", { table: conflict.tableName, rows: conflict.rows, cells });
}

export function GrowthAsk({ growth }: { growth: GrowthQuestion }) {
  const { conflict } = growth;
  return (
    <AskInPlace
      label={t("reports.growth.label")}
      title={
        conflict.history
          ? t("snapshot.growth.title", { sheet: conflict.tableName })
          : t("reports.growth.title", { table: conflict.tableName })
      }
      question={growthQuestion(conflict)}
      choices={[
        {
          label: conflict.history ? t("snapshot.growth.insert") : t("reports.growth.insertRows"),
          primary: true,
          onChoose: () => growth.answer("insertRows"),
        },
        // Over another table Excel refuses to write (office-js #1199): inserting rows is the only way.
        ...(conflict.tables?.length
          ? []
          : [{ label: t("reports.growth.overwrite"), onChoose: () => growth.answer("overwrite") }]),
        { label: t("reports.growth.keep"), onChoose: () => growth.answer("keep") },
      ]}
    />
  );
}

/** What the tab is doing, with its steps once it counts them. */
export function BusyProgress({ busy, progress }: Pick<Action, "busy" | "progress">) {
  const ref = useInView<HTMLDivElement>(busy);
  if (!busy) return null;
  return (
    <div ref={ref} aria-live="polite">
      <Text>{busy}</Text>
      <ProgressBar aria-label={busy} {...(progress ? { value: progress.done / Math.max(progress.total, 1) } : {})} />
      {progress && <Text size={200}>{t("reports.steps", { done: progress.done, total: progress.total })}</Text>}
    </div>
  );
}
