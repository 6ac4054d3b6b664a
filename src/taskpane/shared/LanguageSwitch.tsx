/**
 * The language switch beside the pane's title: Office's display language (the default), English or Simplified
 * Chinese. Language names are written in their own language, so a person finds theirs whatever the pane speaks.
 * A switch applies at once to the pane and to cells calculated from then on (./language.ts).
 */
import { Dropdown, makeStyles, Option, Text, tokens } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { t, type Locale } from "../../i18n";
import type { LanguageChoice } from "./language";
import { useServices } from "./services";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", alignItems: "flex-end", gap: tokens.spacingVerticalXXS },
  switch: { minWidth: "0", maxWidth: "100%" },
  note: { color: tokens.colorNeutralForeground3, textAlign: "end" },
});

const nameOf = (locale: Locale) => t(locale === "en" ? "language.name.en" : "language.name.zh-CN");

export function LanguageSwitch() {
  const { language } = useServices();
  const styles = useStyles();
  const [choice, setChoice] = useState<LanguageChoice>("office");
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    language.chosen().then(setChoice, () => undefined);
  }, [language]);
  const choices: readonly { value: LanguageChoice; text: string; lang?: Locale }[] = [
    { value: "office", text: t("language.office", { language: nameOf(language.office) }) },
    { value: "en", text: nameOf("en"), lang: "en" },
    { value: "zh-CN", text: nameOf("zh-CN"), lang: "zh-CN" },
  ];
  const selected = choices.find((c) => c.value === choice) ?? choices[0];
  return (
    <div className={styles.root}>
      <Dropdown
        clearButton={{ "aria-label": t("pane.clearSelection") }}
        className={styles.switch}
        size="small"
        appearance="underline"
        aria-label={t("language.label")}
        value={selected.text}
        selectedOptions={[selected.value]}
        onOptionSelect={(_, data) => {
          const next = data.optionValue as LanguageChoice | undefined;
          if (!next || next === choice) return;
          setChoice(next);
          setSwitched(true);
          void language.choose(next).catch(() => undefined);
        }}
      >
        {choices.map((c) => (
          <Option key={c.value} value={c.value} text={c.text} lang={c.lang}>
            {c.text}
          </Option>
        ))}
      </Dropdown>
      {switched && (
        <Text size={200} role="status" className={styles.note}>
          {t("language.cellsNote")}
        </Text>
      )}
    </div>
  );
}
