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
import { useEffect, useId, useState } from "react";
import { DEFAULT_BASE_URL, HOSTED_BASE_URL } from "../../engine";
import {
  baseUrlChoice,
  connectionReport,
  PRODUCTION_URL,
  secretToSave,
  simulatorUrl,
  type BaseUrlChoice,
  storedSecretHint,
  type ConnectionReport,
} from "./connection";
import {
  credentialOf,
  relayUrlProblem,
  storedTokenHint,
  teamReport,
  tokenProblem,
  type Credential,
} from "./relay-credential";
import { useControlStyles } from "../shared/styles";
import { OutcomeBar } from "../shared/OutcomeBar";
import { failureText, useServices } from "../shared/services";
import { useAction } from "../shared/use-action";
import { t } from "../../i18n";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

type Choice = BaseUrlChoice;

export function ConnectionPanel() {
  const { engine, preview } = useServices();
  const styles = useStyles();
  const controls = useControlStyles();
  const simulator = simulatorUrl(typeof location === "undefined" ? undefined : location.origin, preview);
  /** What is typed: a new secret only. The stored one is never read back into the input. */
  const [secret, setSecret] = useState("");
  const [storedHint, setStoredHint] = useState<string | null>(null);
  /** How the stored credential connects (null: none stored) and how the person chooses to connect now. */
  const [storedKind, setStoredKind] = useState<Credential | null>(null);
  const [credential, setCredential] = useState<Credential>("secret");
  const [relayUrl, setRelayUrl] = useState(HOSTED_BASE_URL ?? "");
  const [showSecret, setShowSecret] = useState(false);
  const [choice, setChoice] = useState<Choice>(HOSTED_BASE_URL ? "hosted" : "production");
  const [customUrl, setCustomUrl] = useState("");
  const { busy, outcome: notice, setOutcome: setNotice, perform } = useAction();
  const [report, setReport] = useState<ConnectionReport | null>(null);
  const secretId = useId();

  useEffect(() => {
    let live = true;
    engine.readSettings().then(
      (settings) => {
        if (!live) return;
        const kind = credentialOf(settings.secret);
        setStoredKind(settings.secret ? kind : null);
        setCredential(kind);
        setStoredHint(kind === "team" ? storedTokenHint(settings.secret) : storedSecretHint(settings.secret));
        if (kind === "team") {
          setRelayUrl(settings.baseUrl);
          return;
        }
        const picked = baseUrlChoice(settings.baseUrl, simulator, HOSTED_BASE_URL);
        setChoice(picked);
        if (picked === "custom") setCustomUrl(settings.baseUrl);
      },
      (error) => live && setNotice({ kind: "error", text: failureText(error) }),
    );
    return () => {
      live = false;
    };
  }, [engine, simulator, setNotice]);

  const team = credential === "team";
  /** The stored credential counts only for the way it connects: a token is no secret, nor the reverse. */
  const hasStored = storedKind === credential;
  const baseUrl = team
    ? relayUrl.trim()
    : choice === "hosted"
      ? (HOSTED_BASE_URL ?? DEFAULT_BASE_URL)
      : choice === "production"
        ? PRODUCTION_URL
        : choice === "simulator"
          ? simulator
          : customUrl.trim();

  /** What is wrong with what is typed for a team relay (then nothing is saved or sent), or undefined. */
  const teamProblem = (): string | undefined =>
    !team
      ? undefined
      : (relayUrlProblem(relayUrl) ??
        tokenProblem(secret) ??
        (!secret.trim() && !hasStored ? t("connection.token.missing") : undefined));

  const save = async () => {
    const next = secretToSave(secret, hasStored);
    await engine.writeSettings({
      baseUrl: baseUrl || DEFAULT_BASE_URL,
      ...(next === undefined ? {} : { secret: next }),
    });
    if (typeof next === "string") {
      setStoredKind(credential);
      setStoredHint(team ? storedTokenHint(next) : storedSecretHint(next));
      setSecret("");
    }
  };

  const onSave = () =>
    perform(t("connection.busy.save"), async () => {
      setReport(null);
      const problem = teamProblem();
      if (problem) return { kind: "error", text: problem };
      await save();
      return { kind: "info", text: t("connection.saved") };
    });
  // Only settings that pass are saved: a mistyped secret must not replace one that works.
  const onTest = () =>
    perform(t("connection.busy.test"), async () => {
      setReport(null);
      const problem = teamProblem();
      if (problem) return { kind: "error", text: problem };
      const next = secretToSave(secret, hasStored);
      const result = await engine.checkConnection({
        baseUrl: baseUrl || DEFAULT_BASE_URL,
        ...(next === undefined ? {} : { secret: next }),
      });
      const said = connectionReport(result);
      setReport(team ? teamReport(said) : said);
      if (!result.ok) return { kind: "info", text: t("connection.notSavedAfterFailedTest") };
      await save();
      return null;
    });
  const onSignOut = () =>
    perform(t("connection.busy.signOut"), async () => {
      setReport(null);
      await engine.signOut();
      setSecret("");
      setStoredHint(null);
      setStoredKind(null);
      return { kind: "info", text: team ? t("connection.signedOutToken") : t("connection.signedOut") };
    });

  /** The secret or the token: masked, never filled from storage (the stored one is only hinted at). */
  const credentialInput = (
    <Input
      className={controls.control}
      id={secretId}
      type={showSecret ? "text" : "password"}
      value={secret}
      autoComplete="off"
      spellCheck={false}
      onChange={(_, data) => setSecret(data.value)}
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

  return (
    <section className={styles.root} aria-label={t("tab.connection")}>
      <Field label={t("connection.connectWith")}>
        <RadioGroup
          value={credential}
          layout="horizontal"
          onChange={(_, data) => {
            setCredential(data.value as Credential);
            setSecret("");
            setReport(null);
            setNotice(null);
          }}
        >
          <Radio value="secret" label={t("connection.connectWith.secret")} />
          <Radio value="team" label={t("connection.connectWith.team")} />
        </RadioGroup>
      </Field>
      {team ? (
        <>
          <Field label={t("connection.relay")} hint={t("connection.relay.hint")}>
            <Input
              className={controls.control}
              type="url"
              value={relayUrl}
              placeholder={t("connection.relay.example")}
              onChange={(_, data) => setRelayUrl(data.value)}
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
            {credentialInput}
          </Field>
        </>
      ) : (
        <>
          <Field
            label={t("connection.secret")}
            hint={
              hasStored && storedHint
                ? t("connection.secret.replaceHint", { stored: storedHint })
                : t("connection.secret.hint")
            }
          >
            {credentialInput}
          </Field>
          <Field label={t("connection.service")}>
            <RadioGroup value={choice} onChange={(_, data) => setChoice(data.value as Choice)}>
              {HOSTED_BASE_URL && (
                <Radio value="hosted" label={t("connection.service.hosted", { url: HOSTED_BASE_URL })} />
              )}
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
                value={customUrl}
                placeholder={t("connection.baseUrl.example")}
                onChange={(_, data) => setCustomUrl(data.value)}
              />
            </Field>
          )}
        </>
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
      <OutcomeBar outcome={notice}>
        {report && (
          <MessageBar
            layout="multiline"
            intent={report.status === "ok" ? "success" : report.status === "quotaReached" ? "warning" : "error"}
          >
            <MessageBarBody className={controls.message}>
              <MessageBarTitle>{report.title}</MessageBarTitle>
              {report.detail}
            </MessageBarBody>
          </MessageBar>
        )}
      </OutcomeBar>
    </section>
  );
}
