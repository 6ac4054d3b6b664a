/**
 * The secret, the base URL and the connection test. Settings go through the engine to runtime storage
 * (mad.secret, mad.baseUrl), shared with the functions; nothing here touches the workbook.
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
        setStoredHint(storedSecretHint(settings.secret));
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

  const baseUrl =
    choice === "hosted"
      ? (HOSTED_BASE_URL ?? DEFAULT_BASE_URL)
      : choice === "production"
        ? PRODUCTION_URL
        : choice === "simulator"
          ? simulator
          : customUrl.trim();

  const save = async () => {
    const next = secretToSave(secret, storedHint !== null);
    await engine.writeSettings({
      baseUrl: baseUrl || DEFAULT_BASE_URL,
      ...(next === undefined ? {} : { secret: next }),
    });
    if (typeof next === "string") {
      setStoredHint(storedSecretHint(next));
      setSecret("");
    }
  };

  const run = async (label: string, work: () => Promise<void>) => {
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
      const next = secretToSave(secret, storedHint !== null);
      const result = await engine.checkConnection({
        baseUrl: baseUrl || DEFAULT_BASE_URL,
        ...(next === undefined ? {} : { secret: next }),
      });
      setReport(connectionReport(result));
      if (result.ok) await save();
      else setNotice(NOT_SAVED_AFTER_FAILED_TEST);
    });
  const onSignOut = () =>
    run("Signing out…", async () => {
      await engine.signOut();
      setSecret("");
      setStoredHint(null);
      setReport(null);
      setNotice("Signed out: the secret is removed from this computer's add-in storage.");
    });

  return (
    <section className={styles.root} aria-label="Connection">
      <Field
        label="API secret"
        hint={
          storedHint
            ? `${storedHint}. Type a new secret to replace it. Kept in the add-in's storage on this computer, never in the workbook.`
            : "Kept in the add-in's storage on this computer, never in the workbook."
        }
      >
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
