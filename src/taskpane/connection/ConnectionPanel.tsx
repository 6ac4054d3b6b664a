/**
 * How the add-in connects: its own secret and a service address, or a team relay's address and a member's token
 * (*Team relay*), and the connection test. Settings go through the engine to runtime storage (mad.secret holds the
 * secret or the token, mad.baseUrl the address), shared with the functions; nothing here touches the workbook.
 */
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
} from "@fluentui/react-components";
import { useId } from "react";
import { HOSTED_BASE_URL } from "../../engine";
import { PRODUCTION_URL, simulatorUrl, type BaseUrlChoice, type ConnectionReport } from "./connection";
import type { Credential } from "./relay-credential";
import { useControlStyles, useLayoutStyles } from "../shared/styles";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useServices } from "../shared/services";
import { useAction } from "../shared/use-action";
import { t } from "../../i18n";
import { useConnectionActions, useConnectionSettings } from "./use-connection";

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

/** The words of the two address fields (written out whole: the catalog test looks for every id). */
const URL_WORDS = {
  relay: { label: "connection.relay", hint: "connection.relay.hint", example: "connection.relay.example" },
  service: { label: "connection.baseUrl", hint: "connection.baseUrl.hint", example: "connection.baseUrl.example" },
} as const;

/** An address to type (the team relay's, a service's own), with an example as its placeholder. */
function UrlField(props: { of: keyof typeof URL_WORDS; value: string; onChange: (url: string) => void }) {
  const controls = useControlStyles();
  const words = URL_WORDS[props.of];
  return (
    <Field label={t(words.label)} hint={t(words.hint)}>
      <Input
        className={controls.control}
        type="url"
        value={props.value}
        placeholder={t(words.example)}
        onChange={(_, data) => props.onChange(data.value)}
      />
    </Field>
  );
}

/** The words of the two credential fields: a team member's token, the add-in's own secret. */
const CREDENTIAL_WORDS = {
  token: { label: "connection.token", hint: "connection.token.hint", replaceHint: "connection.token.replaceHint" },
  secret: { label: "connection.secret", hint: "connection.secret.hint", replaceHint: "connection.secret.replaceHint" },
} as const;

/** The credential's field: once one is stored, its hint says that what is typed replaces it. */
function CredentialField(props: { of: keyof typeof CREDENTIAL_WORDS; settings: Settings; credentialId: string }) {
  const { hasStored, storedHint } = props.settings;
  const words = CREDENTIAL_WORDS[props.of];
  return (
    <Field
      label={t(words.label)}
      hint={hasStored && storedHint ? t(words.replaceHint, { stored: storedHint }) : t(words.hint)}
    >
      <CredentialInput id={props.credentialId} settings={props.settings} />
    </Field>
  );
}

/** A team relay: its address and the member's token. */
function TeamFields({ settings, credentialId }: { settings: Settings; credentialId: string }) {
  return (
    <>
      <UrlField of="relay" value={settings.relayUrl} onChange={settings.setRelayUrl} />
      <CredentialField of="token" settings={settings} credentialId={credentialId} />
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
  const { choice } = settings;
  return (
    <>
      <CredentialField of="secret" settings={settings} credentialId={credentialId} />
      <Field label={t("connection.service")}>
        <RadioGroup value={choice} onChange={(_, data) => settings.setChoice(data.value as BaseUrlChoice)}>
          {HOSTED_BASE_URL && <Radio value="hosted" label={t("connection.service.hosted", { url: HOSTED_BASE_URL })} />}
          <Radio value="production" label={t("connection.service.production", { url: PRODUCTION_URL })} />
          <Radio value="simulator" label={t("connection.service.simulator", { url: simulator })} />
          <Radio value="custom" label={t("connection.service.custom")} />
        </RadioGroup>
      </Field>
      {choice === "custom" && <UrlField of="service" value={settings.customUrl} onChange={settings.setCustomUrl} />}
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
  const layout = useLayoutStyles();
  const simulator = simulatorUrl(typeof location === "undefined" ? undefined : location.origin, preview);
  const { busy, outcome: notice, setOutcome: setNotice, perform } = useAction();
  const settings = useConnectionSettings(engine, simulator, setNotice);
  const { report, setReport, onSave, onTest, onSignOut } = useConnectionActions(engine, settings, perform);
  const credentialId = useId();

  return (
    <section className={layout.stack} aria-label={t("tab.connection")}>
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
      <div className={layout.wrapRow}>
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
