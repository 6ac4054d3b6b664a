/**
 * A new feed's URL and what to paste where, each with its Copy button: the URL, a Power Query (M) query for Excel and
 * Power BI, a Google Sheets formula, and the steps of Excel's Data > From Web. The URL takes focus as it shows (its
 * text selected), so a screen reader reads it and Ctrl+C copies it; where the clipboard refuses (an older Office
 * webview), the text stays selected for the person's own Ctrl+C.
 */
import { Button, Field, Input, makeStyles, mergeClasses, Text, Textarea, tokens } from "@fluentui/react-components";
import { useEffect, useRef } from "react";
import { t } from "../../i18n";
import { useControlStyles, useLayoutStyles } from "../shared/styles";
import type { Outcome } from "../shared/use-action";
import { powerQuerySnippet, sheetsFormula } from "./feed-snippets";

const useStyles = makeStyles({
  // The text takes what the Copy button leaves, however narrow the pane.
  row: { gridTemplateColumns: "minmax(0, 1fr) auto" },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  steps: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  heading: { fontWeight: tokens.fontWeightSemibold },
});

const FROM_WEB_STEPS = [
  "feeds.fromWeb.step1",
  "feeds.fromWeb.step2",
  "feeds.fromWeb.step3",
  "feeds.fromWeb.step4",
  "feeds.fromWeb.step5",
] as const;

type TextBox = HTMLInputElement | HTMLTextAreaElement;

/** Copies through the clipboard, else the browser's copy of the selected text; false when neither took it. */
async function copy(text: string, box: TextBox | null): Promise<boolean> {
  box?.select();
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

/** One text to paste: its label, the text (read-only), a hint, and Copy. */
function Snippet(props: {
  label: string;
  text: string;
  hint?: string;
  multiline?: boolean;
  focus?: boolean;
  onCopied: (outcome: Outcome) => void;
}) {
  const styles = useStyles();
  const layout = useLayoutStyles();
  const controls = useControlStyles();
  const box = useRef<TextBox>(null);
  useEffect(() => {
    if (!props.focus) return;
    box.current?.focus();
    box.current?.select();
  }, [props.focus]);
  const onCopy = async () =>
    props.onCopied(
      (await copy(props.text, box.current))
        ? { kind: "success", text: t("feeds.copied", { what: props.label }) }
        : { kind: "error", text: t("feeds.copyFailed") },
    );
  const shared = { readOnly: true, value: props.text, className: `${controls.control} ${styles.code}` };
  return (
    <Field label={props.label} hint={props.hint}>
      <div className={mergeClasses(layout.gridRow, styles.row)}>
        {props.multiline ? (
          <Textarea {...shared} ref={box as React.Ref<HTMLTextAreaElement>} rows={6} resize="vertical" />
        ) : (
          <Input {...shared} ref={box as React.Ref<HTMLInputElement>} />
        )}
        <Button aria-label={t("feeds.copyLabel", { what: props.label })} onClick={() => void onCopy()}>
          {t("feeds.copy")}
        </Button>
      </div>
    </Field>
  );
}

export function FeedSnippets({ url, onCopied }: { url: string; onCopied: (outcome: Outcome) => void }) {
  const styles = useStyles();
  const layout = useLayoutStyles();
  return (
    <div className={layout.stack}>
      <Snippet label={t("feeds.url")} text={url} focus onCopied={onCopied} />
      <Snippet
        label={t("feeds.powerQuery")}
        text={powerQuerySnippet(url)}
        hint={t("feeds.powerQueryHint")}
        multiline
        onCopied={onCopied}
      />
      <Snippet label={t("feeds.sheets")} text={sheetsFormula(url)} hint={t("feeds.sheetsHint")} onCopied={onCopied} />
      <section aria-label={t("feeds.fromWeb")}>
        <Text as="h3" className={styles.heading}>
          {t("feeds.fromWeb")}
        </Text>
        <ol className={styles.steps}>
          {FROM_WEB_STEPS.map((step) => (
            <li key={step}>
              <Text size={200}>{t(step)}</Text>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
