/**
 * The task pane: connection, query builder, report templates, reports and alerts, in five tabs that keep their state
 * when switched. Each tab's panel is a chunk of its own (connection, builder, templates, reports, alerts), loaded
 * when the tab first shows (the connection and builder ones at once): taskpane.html loads only the shell (title,
 * usage line, tabs) before it is interactive.
 */
import { FluentProvider, makeStyles, Subtitle1, Text, tokens, webLightTheme } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useState } from "react";
import { PaneTabs, panelId, tabId } from "./shared/PaneTabs";
import { ServicesProvider, useLocale, useServices, type PaneServices } from "./shared/services";
import { t, type MessageId } from "../i18n";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    maxWidth: "100%",
    boxSizing: "border-box",
    minWidth: "280px",
  },
  header: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
  },
});

// The meter loads beside the shell: it shows once the engine has figures, and keeps the first paint light.
const CallsMeter = lazy(() =>
  import(/* webpackChunkName: "meter" */ "./shared/CallsMeter").then((m) => ({ default: m.CallsMeter })),
);
// Refresh when opened and last good answers speak above the tabs, whichever tab shows.
const PaneNotices = lazy(() =>
  import(/* webpackChunkName: "notices" */ "./reports/PaneNotices").then((m) => ({ default: m.PaneNotices })),
);
// The language switch is a dropdown: its chunk loads beside the shell, so the first paint stays light.
const LanguageSwitch = lazy(() =>
  import(/* webpackChunkName: "language" */ "./shared/LanguageSwitch").then((m) => ({ default: m.LanguageSwitch })),
);
const ConnectionPanel = lazy(() =>
  import(/* webpackChunkName: "connection" */ "./connection/ConnectionPanel").then((m) => ({
    default: m.ConnectionPanel,
  })),
);
const QueryBuilder = lazy(() =>
  import(/* webpackChunkName: "builder" */ "./builder/QueryBuilder").then((m) => ({ default: m.QueryBuilder })),
);
const TemplatesPanel = lazy(() =>
  import(/* webpackChunkName: "templates" */ "./templates/TemplatesPanel").then((m) => ({
    default: m.TemplatesPanel,
  })),
);
const ReportsPanel = lazy(() =>
  import(/* webpackChunkName: "reports" */ "./reports/ReportsPanel").then((m) => ({ default: m.ReportsPanel })),
);

const AlertsPanel = lazy(() =>
  import(/* webpackChunkName: "alerts" */ "./alerts/AlertsPanel").then((m) => ({ default: m.AlertsPanel })),
);

const Loading = () => <Text size={200}>{t("pane.loading")}</Text>;

type TabName = "connection" | "builder" | "templates" | "reports" | "alerts";
const TABS: readonly { value: TabName; label: MessageId }[] = [
  { value: "connection", label: "tab.connection" },
  { value: "builder", label: "tab.build" },
  { value: "templates", label: "tab.templates" },
  { value: "reports", label: "tab.reports" },
  { value: "alerts", label: "tab.alerts" },
];

function Pane() {
  const { engine } = useServices();
  const styles = useStyles();
  // Re-renders the whole pane in the new language when the person switches.
  useLocale();
  const [tab, setTab] = useState<TabName>("builder");
  // A tab's chunk is loaded once it has been shown; it then stays mounted (and keeps its state) when hidden.
  const [shown, setShown] = useState<ReadonlySet<TabName>>(new Set(["connection", "builder"]));
  useEffect(() => setShown((s) => (s.has(tab) ? s : new Set([...s, tab]))), [tab]);

  useEffect(() => {
    // Without a secret, there is nothing to build yet: start on the connection tab.
    engine.readSettings().then(
      (s) => s.secret || setTab("connection"),
      () => setTab("connection"),
    );
  }, [engine]);

  return (
    <main className={styles.root}>
      <header className={styles.header}>
        <Subtitle1 as="h1">{t("pane.title")}</Subtitle1>
        <Suspense fallback={null}>
          <LanguageSwitch />
        </Suspense>
      </header>
      <Suspense fallback={null}>
        <CallsMeter />
      </Suspense>
      <Suspense fallback={null}>
        <PaneNotices />
      </Suspense>
      <PaneTabs
        tabs={TABS.map((x) => ({ value: x.value, label: t(x.label) }))}
        selected={tab}
        onSelect={setTab}
        label={t("pane.sections")}
      />
      {TABS.map((t) => (
        <div
          key={t.value}
          id={panelId(t.value)}
          role="tabpanel"
          aria-labelledby={tabId(t.value)}
          hidden={tab !== t.value}
        >
          {t.value === "connection" && (
            <Suspense fallback={<Loading />}>
              <ConnectionPanel />
            </Suspense>
          )}
          {t.value === "builder" && shown.has("builder") && (
            <Suspense fallback={<Loading />}>
              <QueryBuilder />
            </Suspense>
          )}
          {t.value === "templates" && shown.has("templates") && (
            <Suspense fallback={<Loading />}>
              <TemplatesPanel />
            </Suspense>
          )}
          {t.value === "reports" && shown.has("reports") && (
            <Suspense fallback={<Loading />}>
              <ReportsPanel active={tab === "reports"} />
            </Suspense>
          )}
          {t.value === "alerts" && shown.has("alerts") && (
            <Suspense fallback={<Loading />}>
              <AlertsPanel active={tab === "alerts"} />
            </Suspense>
          )}
        </div>
      ))}
    </main>
  );
}

export function App({ services }: { services: PaneServices }) {
  return (
    <FluentProvider theme={webLightTheme}>
      <ServicesProvider value={services}>
        <Pane />
      </ServicesProvider>
    </FluentProvider>
  );
}
