/**
 * The connection tab's state and actions, as hooks: what is typed (a new secret or token only: the stored one is
 * never read back), how the person connects (own secret and a service, or a team relay), the address that makes,
 * and Save, Test and Sign out through the engine.
 */
import { useEffect, useState } from "react";
import { DEFAULT_BASE_URL, HOSTED_BASE_URL, type Engine } from "../../engine";
import { t } from "../../i18n";
import { failureText, useLocale } from "../shared/services";
import type { Action } from "../shared/use-action";
import {
  baseUrlChoice,
  connectionReport,
  PRODUCTION_URL,
  secretToSave,
  storedSecretHint,
  type BaseUrlChoice,
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

/** What the tab shows of a stored secret or token: that one is set and its last 4 characters. */
const storedHintOf = (stored: string | null | undefined): string | null =>
  credentialOf(stored) === "team" ? storedTokenHint(stored) : storedSecretHint(stored);

export function useConnectionSettings(engine: Engine, simulator: string, setNotice: Action["setOutcome"]) {
  const [secret, setSecret] = useState("");
  const [storedHint, setStoredHint] = useState<string | null>(null);
  /** How the stored credential connects (null: none stored) and how the person chooses to connect now. */
  const [storedKind, setStoredKind] = useState<Credential | null>(null);
  const [credential, setCredential] = useState<Credential>("secret");
  const [relayUrl, setRelayUrl] = useState(HOSTED_BASE_URL ?? "");
  const [choice, setChoice] = useState<BaseUrlChoice>(HOSTED_BASE_URL ? "hosted" : "production");
  const [customUrl, setCustomUrl] = useState("");
  const [showSecret, setShowSecret] = useState(false);

  useEffect(() => {
    let live = true;
    engine.readSettings().then(
      (settings) => {
        if (!live) return;
        const kind = credentialOf(settings.secret);
        setStoredKind(settings.secret ? kind : null);
        setCredential(kind);
        if (kind === "team") return setRelayUrl(settings.baseUrl);
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

  // The stored credential's hint, in the language of the moment: said again when the person switches (a failed
  // read is the effect above's to report).
  const locale = useLocale();
  useEffect(() => {
    let live = true;
    engine.readSettings().then(
      (settings) => live && setStoredHint(storedHintOf(settings.secret)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [engine, locale]);

  const team = credential === "team";
  const urls: Record<BaseUrlChoice, string> = {
    hosted: HOSTED_BASE_URL ?? DEFAULT_BASE_URL,
    production: PRODUCTION_URL,
    simulator,
    custom: customUrl.trim(),
  };
  /** The credential just saved (or forgotten, null): what the tab hints at from then on. */
  const stored = (kind: Credential | null, hint: string | null) => {
    setStoredKind(kind);
    setStoredHint(hint);
    setSecret("");
  };
  return {
    secret,
    setSecret,
    storedHint,
    credential,
    setCredential,
    relayUrl,
    setRelayUrl,
    choice,
    setChoice,
    customUrl,
    setCustomUrl,
    showSecret,
    setShowSecret,
    team,
    /** The stored credential counts only for the way it connects: a token is no secret, nor the reverse. */
    hasStored: storedKind === credential,
    baseUrl: team ? relayUrl.trim() : urls[choice],
    stored,
  };
}

type Settings = ReturnType<typeof useConnectionSettings>;

export function useConnectionActions(engine: Engine, settings: Settings, perform: Action["perform"]) {
  const [report, setReport] = useState<ConnectionReport | null>(null);
  const { secret, hasStored, team, baseUrl, credential } = settings;
  /** What is wrong with what is typed for a team relay (then nothing is saved or sent), or undefined. */
  const teamProblem = (): string | undefined =>
    !team
      ? undefined
      : (relayUrlProblem(settings.relayUrl) ??
        tokenProblem(secret) ??
        (!secret.trim() && !hasStored ? t("connection.token.missing") : undefined));
  const typed = () => {
    const next = secretToSave(secret, hasStored);
    return { baseUrl: baseUrl || DEFAULT_BASE_URL, ...(next === undefined ? {} : { secret: next }) };
  };
  const save = async () => {
    const next = typed();
    await engine.writeSettings(next);
    if (typeof next.secret === "string") settings.stored(credential, storedHintOf(next.secret));
  };
  return {
    report,
    setReport,
    onSave: () =>
      perform(t("connection.busy.save"), async () => {
        setReport(null);
        const problem = teamProblem();
        if (problem) return { kind: "error", text: problem };
        await save();
        return { kind: "info", text: t("connection.saved") };
      }),
    // Only settings that pass are saved: a mistyped secret must not replace one that works.
    onTest: () =>
      perform(t("connection.busy.test"), async () => {
        setReport(null);
        const problem = teamProblem();
        if (problem) return { kind: "error", text: problem };
        const result = await engine.checkConnection(typed());
        const said = connectionReport(result);
        setReport(team ? teamReport(said) : said);
        if (!result.ok) return { kind: "info", text: t("connection.notSavedAfterFailedTest") };
        await save();
        return null;
      }),
    onSignOut: () =>
      perform(t("connection.busy.signOut"), async () => {
        setReport(null);
        await engine.signOut();
        settings.stored(null, null);
        return { kind: "info", text: team ? t("connection.signedOutToken") : t("connection.signedOut") };
      }),
  };
}
