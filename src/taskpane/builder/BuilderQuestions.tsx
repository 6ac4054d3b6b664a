/**
 * What the query builder asks in place and shows above its form: before a table that spends many calls, before
 * writing over cells in use (or where it does not fit), the busy line with its pages, and the preview. Each comes
 * into view where the person is, however far down the form they scrolled (../shared/in-view.ts).
 */
import { Button, makeStyles, ProgressBar, Text, tokens } from "@fluentui/react-components";
import type { CellTarget } from "../host/host-adapter";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { AskInPlace } from "../shared/AskInPlace";
import { useInView } from "../shared/in-view";
import type { Action } from "../shared/use-action";
import { t } from "../../i18n";
import type { PreviewResult } from "./actions";
import { PreviewTable } from "./PreviewTable";
import type { OverwriteAsk, SpendAsk } from "./use-insert-actions";

const useStyles = makeStyles({
  busyLine: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

export function SpendAskBar(props: { spend: SpendAsk; onConfirm: () => void; onCancel: () => void }) {
  return (
    <AskBeforeSpending
      title={t("build.table.askTitle")}
      question={t("ask.goAhead", { question: props.spend.question })}
      confirmLabel={t("build.table.confirm")}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
  );
}

export function OverwriteAskBar(props: {
  overwrite: OverwriteAsk;
  onChoose: (at: CellTarget, over: boolean) => void;
  onCancel: () => void;
}) {
  const { place, what } = props.overwrite;
  const nextFree = place.nextFree;
  const would = t(what === "table" ? "build.table.would" : "build.overwrite.would", {
    at: place.at.address,
    cells: place.occupied.join(", "),
  });
  const next = nextFree ? t("build.overwrite.nextFree", { at: nextFree.address }) : "";
  return (
    <AskInPlace
      label={t("build.overwrite.label")}
      title={
        place.outside
          ? t(what === "table" ? "build.table.doesNotFitHere" : "build.overwrite.doesNotFit")
          : t("build.overwrite.notEmpty")
      }
      question={`${place.outside ?? would}${next}`}
      choices={[
        ...(place.outside
          ? []
          : [{ label: t("build.overwrite.confirm"), onChoose: () => props.onChoose(place.at, true) }]),
        ...(nextFree
          ? [
              {
                label: t("build.overwrite.useNextFree", { at: nextFree.address }),
                primary: true,
                onChoose: () => props.onChoose(nextFree, false),
              },
            ]
          : []),
        { label: t("action.cancel"), onChoose: props.onCancel },
      ]}
    />
  );
}

/** The busy line: what runs, its pages once known, and Cancel while it can be cancelled. */
export function BusyLine({ busy, progress: pages, cancellable, cancel }: Action) {
  const styles = useStyles();
  const ref = useInView<HTMLDivElement>(busy);
  if (!busy) return null;
  return (
    <>
      <ProgressBar aria-label={busy} {...(pages && pages.total > 0 ? { value: pages.done / pages.total } : {})} />
      <div ref={ref} className={styles.busyLine}>
        <Text>
          {pages && pages.total > 1 ? t("build.busy.pages", { busy, done: pages.done, total: pages.total }) : busy}
        </Text>
        {cancellable && (
          <Button size="small" onClick={cancel}>
            {t("action.cancel")}
          </Button>
        )}
      </div>
    </>
  );
}

/** "Showing 20 of 3,704 rows…": said in the outcome's live region (announced), above the rows. */
export function PreviewSummary({ preview }: { preview: PreviewResult }) {
  return (
    <Text>
      {t("build.preview.shown", {
        shown: preview.rows.length,
        total: preview.total ?? preview.rows.length,
        calls: preview.callsSpent,
        cached: preview.fromCache ? "yes" : "no",
      })}
    </Text>
  );
}

export function PreviewShown({ preview, title }: { preview: PreviewResult; title: string }) {
  return <PreviewTable header={preview.header} rows={preview.rows} caption={t("build.preview.caption", { title })} />;
}
