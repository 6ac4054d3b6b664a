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

/** One setting: its checkbox and the lines that say what it does. */
function Setting(props: {
  checked: boolean;
  busy: boolean;
  label: string;
  hints: readonly string[];
  onChange: (on: boolean) => void;
}) {
  const styles = useStyles();
  return (
    <>
      <Checkbox
        checked={props.checked}
        disabled={props.busy}
        label={props.label}
        onChange={(_, data) => props.onChange(data.checked === true)}
      />
      {props.hints.map((hint) => (
        <Text key={hint} size={200} className={styles.hint}>
          {hint}
        </Text>
      ))}
    </>
  );
}

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
      <Setting
        checked={props.refreshOnOpen}
        busy={props.busy}
        label={t("settings.refreshOnOpen")}
        hints={[t("settings.refreshOnOpen.hint"), t("settings.sharedWorkbook")]}
        onChange={props.onRefreshOnOpen}
      />
      <Setting
        checked={props.lastGoodValues}
        busy={props.busy}
        label={t("settings.lastGood")}
        hints={[t("settings.lastGood.hint")]}
        onChange={props.onLastGoodValues}
      />
    </section>
  );
}
