/**
 * The Reports tab's two settings: Refresh when opened (this workbook's, off by default; turning it on has Excel
 * load the add-in with the workbook, and what that means for colleagues without the add-in is said under it:
 * office-js #3558, and the first-open rule of run-code-on-document-open) and Show last good answers when the
 * service fails (the person's, on by default).
 */
import { Checkbox, makeStyles, Text, tokens } from "@fluentui/react-components";
import { t } from "../../i18n";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  hint: { display: "block", marginLeft: "28px", color: tokens.colorNeutralForeground2 },
});

export function ReportsSettings(props: {
  refreshOnOpen: boolean;
  lastGoodValues: boolean;
  busy: boolean;
  onRefreshOnOpen: (on: boolean) => void;
  onLastGoodValues: (on: boolean) => void;
}) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={t("settings.label")}>
      <Checkbox
        checked={props.refreshOnOpen}
        disabled={props.busy}
        label={t("settings.refreshOnOpen")}
        onChange={(_, data) => props.onRefreshOnOpen(data.checked === true)}
      />
      <Text size={200} className={styles.hint}>
        {t("settings.refreshOnOpen.hint")}
      </Text>
      <Text size={200} className={styles.hint}>
        {t("settings.sharedWorkbook")}
      </Text>
      <Checkbox
        checked={props.lastGoodValues}
        disabled={props.busy}
        label={t("settings.lastGood")}
        onChange={(_, data) => props.onLastGoodValues(data.checked === true)}
      />
      <Text size={200} className={styles.hint}>
        {t("settings.lastGood.hint")}
      </Text>
    </section>
  );
}
