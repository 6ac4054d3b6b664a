/**
 * The Alerts tab (issue 30): Alert me… on a MAD formula cell or a report's formula, and my alerts on the team
 * relay with their last run and last fired, muted or deleted here. Alerts run on the relay (it watches while Excel
 * is closed and speaks to the team's chat robots and e-mail), so a workbook connected with a plan secret is told why
 * and how to get one: the steps of docs/alerts.md and docs/deploy.md.
 */
import { Button, makeStyles, ProgressBar, Subtitle2, Text, tokens } from "@fluentui/react-components";
import { currentLocale, t } from "../../i18n";
import type { FormulaCell } from "../host/host-adapter";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useLayoutStyles } from "../shared/styles";
import { useServices } from "../shared/services";
import { useAction } from "../shared/use-action";
import type { AlertClient } from "./alert-client";
import { AlertFormView } from "./AlertForm";
import { AlertList } from "./AlertList";
import { useAlertForm } from "./use-alert-form";
import { readSource, useAlertClient, useAlertList, useWorkbookFormulas } from "./use-alerts";

const useStyles = makeStyles({
  steps: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
  },
  head: {
    display: "flex",
    flexWrap: "wrap",
    justifyContent: "space-between",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
  },
});

/** No team relay: why alerts need one, and how to connect to one. */
function NoRelay() {
  const styles = useStyles();
  const layout = useLayoutStyles();
  return (
    <section className={layout.stackTight} aria-label={t("alerts.noRelay.title")}>
      <Subtitle2 as="h2">{t("alerts.noRelay.title")}</Subtitle2>
      <Text>{t("alerts.noRelay.why")}</Text>
      <ol className={styles.steps}>
        <li>{t("alerts.noRelay.step1")}</li>
        <li>{t("alerts.noRelay.step2")}</li>
        <li>{t("alerts.noRelay.step3")}</li>
      </ol>
      <Text size={200}>{t("alerts.noRelay.docs")}</Text>
    </section>
  );
}

function RelayAlerts({ client, active }: { client: AlertClient; active: boolean }) {
  const styles = useStyles();
  const layout = useLayoutStyles();
  const { host } = useServices();
  const action = useAction();
  const list = useAlertList(client, action);
  const form = useAlertForm(client, currentLocale() === "zh-CN" ? "zh-CN" : "en", action, list.reload);
  const formulas = useWorkbookFormulas(host, active);
  const busy = action.busy !== null;
  const fromCell = (cell: () => Promise<FormulaCell | { sheet: string; address: string }>) =>
    action.perform(t("alerts.source.reading"), async () => {
      form.takeSource(await readSource(host, await cell()));
      return null;
    });
  return (
    <div className={layout.stackLoose}>
      {action.busy && <ProgressBar aria-label={action.busy} />}
      <OutcomeBar outcome={action.outcome} />
      <section className={layout.stackTight} aria-labelledby="alerts-new">
        <Subtitle2 as="h2" id="alerts-new">
          {t("alerts.new")}
        </Subtitle2>
        <AlertFormView
          form={form}
          formulas={formulas}
          busy={busy}
          onActiveCell={() => void fromCell(() => host.getActiveCell())}
          onFormula={(cell) => void fromCell(async () => cell)}
        />
      </section>
      <section className={layout.stackTight} aria-labelledby="alerts-mine">
        <div className={styles.head}>
          <Subtitle2 as="h2" id="alerts-mine">
            {t("alerts.mine")}
          </Subtitle2>
          <Button
            disabled={busy}
            onClick={() => void action.perform(t("alerts.list.loading"), async () => (await list.reload(), null))}
          >
            {t("alerts.list.reload")}
          </Button>
        </div>
        <AlertList
          alerts={list.alerts}
          busy={busy}
          onMute={(alert) => void list.mute(alert)}
          onDelete={(alert) => void list.remove(alert)}
        />
      </section>
    </div>
  );
}

export function AlertsPanel({ active }: { active: boolean }) {
  const services = useServices();
  const client = useAlertClient(services, active);
  if (client === undefined) return <Text size={200}>{t("pane.loading")}</Text>;
  return client ? <RelayAlerts client={client} active={active} /> : <NoRelay />;
}
