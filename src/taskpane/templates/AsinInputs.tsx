/**
 * The Templates tab's ASIN controls: what a pasted or taken list holds (how many ASINs, repeats left out, more than
 * the template takes said at once) with a button that takes the ASINs of the cells selected on the sheet, and the
 * picker of the products charted (Product watch: up to five of the watched ones).
 */
import { Button, Dropdown, makeStyles, Option, Text, tokens } from "@fluentui/react-components";
import { useState, type FocusEvent } from "react";
import { t } from "../../i18n";
import { asinsOf } from "../report-model/report-inputs";
import { failureText, useServices } from "../shared/services";
import { useControlStyles } from "../shared/styles";
import { asinsOfCells, countAsins } from "./asin-lists";

const useStyles = makeStyles({
  line: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  over: { color: tokens.colorPaletteRedForeground1 },
});

/** Under an ASIN list: how many it holds, and Take from the selected cells (which replaces the list). */
export function AsinListExtras(props: {
  readonly value: string;
  readonly max: number;
  readonly label: string;
  readonly onChange: (value: string) => void;
}) {
  const { host } = useServices();
  const styles = useStyles();
  const [taken, setTaken] = useState<string | null>(null);
  const { count, repeats } = countAsins(props.value);
  const over = count > props.max;
  const take = async () => {
    try {
      const selection = await host.readSelection();
      const { asins, skipped } = asinsOfCells(selection.values);
      if (!asins.length) return setTaken(t("templates.selectionEmpty", { address: selection.address }));
      props.onChange(asins.join("\n"));
      setTaken(t("templates.selectionTaken", { count: asins.length, address: selection.address, skipped }));
    } catch (error) {
      setTaken(failureText(error));
    }
  };
  return (
    <div className={styles.line}>
      <Text size={200} role="status" className={over ? styles.over : undefined}>
        {over
          ? t("templates.asinCountOver", { count, max: props.max, label: props.label })
          : t("templates.asinCount", { count, repeats })}
        {taken ? ` ${taken}` : ""}
      </Text>
      <Button size="small" onClick={() => void take()}>
        {t("templates.fromSelection")}
      </Button>
    </div>
  );
}

/** The picked products: any of the watched ASINs, up to `max` (the others disabled once that many are picked). */
export function PickedInput(props: {
  readonly id: string;
  readonly value: string;
  readonly watched: readonly string[];
  readonly max: number;
  readonly onChange: (value: string) => void;
  readonly onBlur: (event: FocusEvent<HTMLElement>) => void;
}) {
  const controls = useControlStyles();
  const picked = asinsOf(props.value);
  return (
    <Dropdown
      multiselect
      className={controls.control}
      id={props.id}
      value={picked.join(", ")}
      placeholder={props.watched.length ? t("templates.pickedNone") : t("templates.pickedFirst")}
      selectedOptions={picked}
      onOptionSelect={(_, data) => props.onChange(data.selectedOptions.slice(0, props.max).join(", "))}
      onBlur={props.onBlur}
    >
      {props.watched.map((asin) => (
        <Option key={asin} value={asin} disabled={!picked.includes(asin) && picked.length >= props.max}>
          {asin}
        </Option>
      ))}
    </Dropdown>
  );
}
