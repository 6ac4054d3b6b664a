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
  NOT_SAVED_AFTER_FAILED_TEST,
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
} from "./team-relay";
import { useControlStyles } from "../shared/styles";
import { failureText, useServices } from "../shared/services";

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
  const [busy, setBusy] = useState<string | null>(null);
  const [report, setReport] = useState<ConnectionReport | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
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
      (error) => live && setNotice(failureText(error)),
    );
    return () => {
      live = false;
    };
  }, [engine, simulator]);

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

  /** What is wrong with the typed settings (then nothing is saved or sent), or null. */
  const problem = (): string | null => {
    if (!team) return null;
    return (
      relayUrlProblem(relayUrl) ?? tokenProblem(secret) ?? (!secret.trim() && !hasStored ? "Paste your token." : null)
    );
  };

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

  const run = async (label: string, work: () => Promise<void>, check = true) => {
    const wrong = check ? problem() : null;
    if (wrong) {
      setReport(null);
      setNotice(wrong);
      return;
    }
    setBusy(label);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setReport(null);
      setNotice(failureText(error));
    } finally {
      setBusy(null);
    }
  };

  const onSave = () =>
    run("Saving…", async () => {
      await save();
      setReport(null);
      setNotice("Settings saved.");
    });
  // Only settings that pass are saved: a mistyped secret must not replace one that works.
  const onTest = () =>
    run("Testing the connection…", async () => {
      const next = secretToSave(secret, hasStored);
      const result = await engine.checkConnection({
        baseUrl: baseUrl || DEFAULT_BASE_URL,
        ...(next === undefined ? {} : { secret: next }),
      });
      const said = connectionReport(result);
      setReport(team ? teamReport(said) : said);
      if (result.ok) await save();
      else setNotice(NOT_SAVED_AFTER_FAILED_TEST);
    });
  const onSignOut = () =>
    run(
      "Signing out…",
      async () => {
        await engine.signOut();
        setSecret("");
        setStoredHint(null);
        setStoredKind(null);
        setReport(null);
        setNotice(`Signed out: the ${team ? "token" : "secret"} is removed from this computer's add-in storage.`);
      },
      false,
    );

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
          {showSecret ? "Hide" : "Show"}
        </Button>
      }
    />
  );

  return (
    <section className={styles.root} aria-label="Connection">
      <Field label="Connect with">
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
          <Radio value="secret" label="Own secret" />
          <Radio value="team" label="Team relay" />
        </RadioGroup>
      </Field>
      {team ? (
        <>
          <Field
            label="Relay address"
            hint="Your team's relay, from your team's admin (e.g. https://mad.contoso.com/)."
          >
            <Input
              className={controls.control}
              type="url"
              value={relayUrl}
              placeholder="https://mad.contoso.com/"
              onChange={(_, data) => setRelayUrl(data.value)}
            />
          </Field>
          <Field
            label="Your token"
            hint={`${hasStored && storedHint ? `${storedHint}. Paste a new token to replace it. ` : ""}From your team's admin. Kept in the add-in's storage on this computer, never in the workbook; the team's secret stays on the relay.`}
          >
            {credentialInput}
          </Field>
        </>
      ) : (
        <>
          <Field
            label="API secret"
            hint={
              hasStored && storedHint
                ? `${storedHint}. Type a new secret to replace it. Kept in the add-in's storage on this computer, never in the workbook.`
                : "Kept in the add-in's storage on this computer, never in the workbook."
            }
          >
            {credentialInput}
          </Field>
          <Field label="Service">
            <RadioGroup value={choice} onChange={(_, data) => setChoice(data.value as Choice)}>
              {HOSTED_BASE_URL && <Radio value="hosted" label={`This add-in's server (${HOSTED_BASE_URL})`} />}
              <Radio value="production" label={`Production, direct (${PRODUCTION_URL})`} />
              <Radio value="simulator" label={`Local simulator (${simulator})`} />
              <Radio value="custom" label="Forwarding proxy or other URL" />
            </RadioGroup>
          </Field>
          {choice === "custom" && (
            <Field
              label="Base URL"
              hint="For example the local forwarding proxy, when the service refuses calls from the browser."
            >
              <Input
                className={controls.control}
                type="url"
                value={customUrl}
                placeholder="http://127.0.0.1:8788"
                onChange={(_, data) => setCustomUrl(data.value)}
              />
            </Field>
          )}
        </>
      )}
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={busy !== null} onClick={onTest}>
          Test connection
        </Button>
        <Button disabled={busy !== null} onClick={onSave}>
          Save
        </Button>
        <Button disabled={busy !== null} onClick={onSignOut}>
          Sign out
        </Button>
      </div>
      {busy && <Spinner size="tiny" label={busy} />}
      <div aria-live="polite">
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
        {notice && (
          <MessageBar layout="multiline" intent="info">
            <MessageBarBody className={controls.message}>{notice}</MessageBarBody>
          </MessageBar>
        )}
      </div>
    </section>
  );
}
