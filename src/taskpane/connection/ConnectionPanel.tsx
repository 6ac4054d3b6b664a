/**
 * How the add-in connects: its own secret and a service address, or a team relay's address and a member's token
 * (*Team relay*), and the connection test. Settings go through the engine to runtime storage (mad.secret holds the
 * secret or the token, mad.baseUrl the address), shared with the functions; nothing here touches the workbook.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
} from "@fluentui/react-components";
import { useId } from "react";
import { HOSTED_BASE_URL } from "../../engine";
import { PRODUCTION_URL, simulatorUrl, type BaseUrlChoice, type ConnectionReport } from "./connection";
import type { Credential } from "./relay-credential";
import { useControlStyles } from "../shared/styles";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useServices } from "../shared/services";
import { useAction } from "../shared/use-action";
import { t } from "../../i18n";
import { useConnectionActions, useConnectionSettings } from "./use-connection";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

type Settings = ReturnType<typeof useConnectionSettings>;

/** The secret or the token: masked, never filled from storage (the stored one is only hinted at). */
function CredentialInput({ id, settings }: { id: string; settings: Settings }) {
  const controls = useControlStyles();
  const { showSecret, setShowSecret } = settings;
  return (
    <Input
      className={controls.control}
      id={id}
      type={showSecret ? "text" : "password"}
      value={settings.secret}
      autoComplete="off"
      spellCheck={false}
      onChange={(_, data) => settings.setSecret(data.value)}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          aria-pressed={showSecret}
          onClick={() => setShowSecret((s) => !s)}
        >
          {showSecret ? t("connection.secret.hide") : t("connection.secret.show")}
        </Button>
      }
    />
  );
}

/** A team relay: its address and the member's token. */
function TeamFields({ settings, credentialId }: { settings: Settings; credentialId: string }) {
  const controls = useControlStyles();
  const { hasStored, storedHint } = settings;
  return (
    <>
      <Field label={t("connection.relay")} hint={t("connection.relay.hint")}>
        <Input
          className={controls.control}
          type="url"
          value={settings.relayUrl}
          placeholder={t("connection.relay.example")}
          onChange={(_, data) => settings.setRelayUrl(data.value)}
        />
      </Field>
      <Field
        label={t("connection.token")}
        hint={
          hasStored && storedHint
            ? t("connection.token.replaceHint", { stored: storedHint })
            : t("connection.token.hint")
        }
      >
        <CredentialInput id={credentialId} settings={settings} />
      </Field>
    </>
  );
}

/** The add-in's own secret and the service it calls: hosted, production, the simulator or an address typed. */
function SecretFields({
  settings,
  credentialId,
  simulator,
}: {
  settings: Settings;
  credentialId: string;
  simulator: string;
}) {
  const controls = useControlStyles();
  const { hasStored, storedHint, choice } = settings;
  return (
    <>
      <Field
        label={t("connection.secret")}
        hint={
          hasStored && storedHint
            ? t("connection.secret.replaceHint", { stored: storedHint })
            : t("connection.secret.hint")
        }
      >
        <CredentialInput id={credentialId} settings={settings} />
      </Field>
      <Field label={t("connection.service")}>
        <RadioGroup value={choice} onChange={(_, data) => settings.setChoice(data.value as BaseUrlChoice)}>
          {HOSTED_BASE_URL && <Radio value="hosted" label={t("connection.service.hosted", { url: HOSTED_BASE_URL })} />}
          <Radio value="production" label={t("connection.service.production", { url: PRODUCTION_URL })} />
          <Radio value="simulator" label={t("connection.service.simulator", { url: simulator })} />
          <Radio value="custom" label={t("connection.service.custom")} />
        </RadioGroup>
      </Field>
      {choice === "custom" && (
        <Field label={t("connection.baseUrl")} hint={t("connection.baseUrl.hint")}>
          <Input
            className={controls.control}
            type="url"
            value={settings.customUrl}
            placeholder={t("connection.baseUrl.example")}
            onChange={(_, data) => settings.setCustomUrl(data.value)}
          />
        </Field>
      )}
    </>
  );
}

function ReportBar({ report }: { report: ConnectionReport }) {
  const controls = useControlStyles();
  return (
    <MessageBar
      layout="multiline"
      intent={report.status === "ok" ? "success" : report.status === "quotaReached" ? "warning" : "error"}
    >
      <MessageBarBody className={controls.message}>
        <MessageBarTitle>{report.title}</MessageBarTitle>
        {report.detail}
      </MessageBarBody>
    </MessageBar>
  );
}

export function ConnectionPanel() {
  const { engine, preview } = useServices();
  const styles = useStyles();
  const simulator = simulatorUrl(typeof location === "undefined" ? undefined : location.origin, preview);
  const { busy, outcome: notice, setOutcome: setNotice, perform } = useAction();
  const settings = useConnectionSettings(engine, simulator, setNotice);
  const { report, setReport, onSave, onTest, onSignOut } = useConnectionActions(engine, settings, perform);
  const credentialId = useId();

  return (
    <section className={styles.root} aria-label={t("tab.connection")}>
      <Field label={t("connection.connectWith")}>
        <RadioGroup
          value={settings.credential}
          layout="horizontal"
          onChange={(_, data) => {
            settings.setCredential(data.value as Credential);
            settings.setSecret("");
            setReport(null);
            setNotice(null);
          }}
        >
          <Radio value="secret" label={t("connection.connectWith.secret")} />
          <Radio value="team" label={t("connection.connectWith.team")} />
        </RadioGroup>
      </Field>
      {settings.team ? (
        <TeamFields settings={settings} credentialId={credentialId} />
      ) : (
        <SecretFields settings={settings} credentialId={credentialId} simulator={simulator} />
      )}
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={busy !== null} onClick={onTest}>
          {t("connection.test")}
        </Button>
        <Button disabled={busy !== null} onClick={onSave}>
          {t("connection.save")}
        </Button>
        <Button disabled={busy !== null} onClick={onSignOut}>
          {t("connection.signOut")}
        </Button>
      </div>
      {busy && <Spinner size="tiny" label={busy} />}
      <OutcomeBar outcome={notice}>{report && <ReportBar report={report} />}</OutcomeBar>
    </section>
  );
}
