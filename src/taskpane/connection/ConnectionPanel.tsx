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
  storedSecretHint,
  type ConnectionReport,
} from "./connection";
import { useControlStyles } from "../shared/styles";
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
        setStoredHint(storedSecretHint(settings.secret));
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

  const onSave = () =>
    perform(t("connection.busy.save"), async () => {
      setReport(null);
      await save();
      return { kind: "info", text: t("connection.saved") };
    });
  // Only settings that pass are saved: a mistyped secret must not replace one that works.
  const onTest = () =>
    perform(t("connection.busy.test"), async () => {
      setReport(null);
      const next = secretToSave(secret, storedHint !== null);
      const result = await engine.checkConnection({
        baseUrl: baseUrl || DEFAULT_BASE_URL,
        ...(next === undefined ? {} : { secret: next }),
      });
      setReport(connectionReport(result));
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
      return { kind: "info", text: t("connection.signedOut") };
    });

  return (
    <section className={styles.root} aria-label={t("tab.connection")}>
      <Field
        label={t("connection.secret")}
        hint={storedHint ? t("connection.secret.replaceHint", { stored: storedHint }) : t("connection.secret.hint")}
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
              {showSecret ? t("connection.secret.hide") : t("connection.secret.show")}
            </Button>
          }
        />
      </Field>
      <Field label={t("connection.service")}>
        <RadioGroup value={choice} onChange={(_, data) => setChoice(data.value as Choice)}>
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
            value={customUrl}
            placeholder={t("connection.baseUrl.example")}
            onChange={(_, data) => setCustomUrl(data.value)}
          />
        </Field>
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
          <MessageBar layout="multiline" intent={notice.kind}>
            <MessageBarBody className={controls.message}>{notice.text}</MessageBarBody>
          </MessageBar>
        )}
      </div>
    </section>
  );
}
