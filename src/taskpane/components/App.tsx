/** The task pane: connection, query builder and reports, in three tabs that keep their state when switched. */
import {
  FluentProvider,
  makeStyles,
  Subtitle1,
  Tab,
  TabList,
  Text,
  tokens,
  webLightTheme,
} from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { ConnectionPanel } from "./ConnectionPanel";
import { QueryBuilder } from "./QueryBuilder";
import { ReportsPanel } from "./ReportsPanel";
import { ServicesProvider, useServices, useUsage, type PaneServices } from "./services";

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
  usage: { color: tokens.colorNeutralForeground2 },
});

type TabName = "connection" | "builder" | "reports";
const TABS: readonly { value: TabName; label: string }[] = [
  { value: "connection", label: "Connection" },
  { value: "builder", label: "Build" },
  { value: "reports", label: "Reports" },
];

function UsageLine() {
  const { engine } = useServices();
  const usage = useUsage(engine);
  const styles = useStyles();
  const left =
    usage.remainingThisMonth === null
      ? "not known yet (test the connection)"
      : usage.remainingThisMonth.toLocaleString("en-US");
  return (
    <Text size={200} className={styles.usage} role="status" aria-label="Usage">
      {`Calls this session: ${usage.callsThisSession} · Left this month: ${left}${usage.queued ? ` · ${usage.queued} waiting` : ""}`}
    </Text>
  );
}

function Pane() {
  const { engine } = useServices();
  const styles = useStyles();
  const [tab, setTab] = useState<TabName>("builder");

  useEffect(() => {
    // Without a secret, there is nothing to build yet: start on the connection tab.
    engine.readSettings().then(
      (s) => s.secret || setTab("connection"),
      () => setTab("connection"),
    );
  }, [engine]);

  return (
    <main className={styles.root}>
      <Subtitle1 as="h1">Marketplace Analytics Data</Subtitle1>
      <UsageLine />
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabName)} size="small">
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} id={`mad-tab-${t.value}`} aria-controls={`mad-panel-${t.value}`}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      {TABS.map((t) => (
        <div
          key={t.value}
          id={`mad-panel-${t.value}`}
          role="tabpanel"
          aria-labelledby={`mad-tab-${t.value}`}
          hidden={tab !== t.value}
        >
          {t.value === "connection" && <ConnectionPanel />}
          {t.value === "builder" && <QueryBuilder />}
          {t.value === "reports" && <ReportsPanel active={tab === "reports"} />}
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
