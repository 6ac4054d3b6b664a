/**
 * Share as a feed…: a dialog over the Reports tab (its own chunk, loaded when opened) for one schedule that keeps
 * history on the team relay. It creates a feed and shows its URL this once, with what to paste where (a Power Query
 * M query for Excel and Power BI, a Google Sheets formula, Excel's Data > From Web steps), each copyable; lists the
 * schedule's feeds (created, last read) and revokes one, asked first. The URL (its key) lives in this dialog's state
 * only: closing it forgets it; it is never written to the workbook or the settings. Outcomes are announced in the
 * dialog's live region; focus goes to what appeared (the new URL, a question) and back when it is answered.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useEffect, useId, useRef, useState } from "react";
import { t } from "../../i18n";
import { AskInPlace } from "../shared/AskInPlace";
import { OutcomeBar } from "../shared/OutcomeBar";
import { failureText } from "../shared/services";
import { useControlStyles } from "../shared/styles";
import type { Outcome } from "../shared/use-action";
import { FeedSnippets } from "./FeedSnippets";
import type { Feed, NewFeed, RelayHistoryClient } from "./relay-history-client";

const useStyles = makeStyles({
  // Its parts keep their height: the dialog's content scrolls rather than squeezing a message bar's text.
  content: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, "& > *": { flexShrink: 0 } },
  item: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  heading: { fontWeight: tokens.fontWeightSemibold },
});

export interface FeedDialogProps {
  /** "report Market 1": what the dialog is about. */
  readonly name: string;
  readonly scheduleId: string;
  readonly feeds: Pick<RelayHistoryClient, "createFeed" | "listFeeds" | "revokeFeed">;
  readonly onClose: () => void;
}

/** A relay's time (epoch ms, or ISO text from an older relay) as a date for the messages. */
const when = (at: string | number): number => (typeof at === "number" ? at : Date.parse(at));

function feedText(feed: Feed): string {
  return feed.lastUsedAt === null || feed.lastUsedAt === undefined
    ? t("feeds.itemUnused", { created: when(feed.createdAt) })
    : t("feeds.item", { created: when(feed.createdAt), used: when(feed.lastUsedAt) });
}

/** One listed feed, with its Revoke… and, once asked, the question in place (focused), then the answer. */
function FeedItem(props: {
  feed: Feed;
  busy: boolean;
  asking: boolean;
  onAsk: () => void;
  onAnswer: (revoke: boolean) => void;
}) {
  const styles = useStyles();
  const question = useRef<HTMLDivElement>(null);
  const revoke = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // The question takes focus as it shows; kept, focus goes back to the feed's Revoke….
    if (props.asking) question.current?.focus();
    else if (asked.current) revoke.current?.focus();
    asked.current = props.asking;
  }, [props.asking]);
  const created = when(props.feed.createdAt);
  return (
    <li className={styles.item}>
      <Text size={200}>{feedText(props.feed)}</Text>
      <Button
        ref={revoke}
        size="small"
        disabled={props.busy || props.asking}
        aria-label={t("feeds.revokeLabel", { created })}
        onClick={props.onAsk}
      >
        {t("feeds.revoke")}
      </Button>
      {props.asking && (
        <div ref={question} tabIndex={-1}>
          <AskInPlace
            label={t("feeds.revokeAsk.title")}
            title={t("feeds.revokeAsk.title")}
            question={t("feeds.revokeAsk.question")}
            choices={[
              { label: t("feeds.revokeAsk.revoke"), primary: true, onChoose: () => props.onAnswer(true) },
              { label: t("feeds.revokeAsk.keep"), onChoose: () => props.onAnswer(false) },
            ]}
          />
        </div>
      )}
    </li>
  );
}

/** The dialog's state and steps: the feeds listed, one created, one being revoked, what happened last. */
function useFeeds({ scheduleId, feeds }: Pick<FeedDialogProps, "scheduleId" | "feeds">, afterRevoke: () => void) {
  const [listed, setListed] = useState<readonly Feed[] | null>(null);
  const [created, setCreated] = useState<NewFeed | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const step = async (work: () => Promise<Outcome | null>) => {
    setBusy(true);
    try {
      const said = await work();
      if (said) setOutcome(said);
    } catch (error) {
      setOutcome({ kind: "error", text: failureText(error) });
    } finally {
      setBusy(false);
    }
  };
  const reload = async () => setListed(await feeds.listFeeds(scheduleId));
  useEffect(() => {
    void step(async () => (await reload(), null));
  }, [scheduleId]);
  const create = () =>
    step(async () => {
      setOutcome({ kind: "info", text: t("feeds.creating") });
      setCreated(await feeds.createFeed(scheduleId));
      await reload();
      return { kind: "success", text: t("feeds.created") };
    });
  const answer = (feedId: string, revoke: boolean) => {
    setAsking(null);
    if (!revoke) return;
    void step(async () => {
      await feeds.revokeFeed(scheduleId, feedId);
      if (created?.id === feedId) setCreated(null);
      await reload();
      afterRevoke();
      return { kind: "info", text: t("feeds.revoked") };
    });
  };
  return { listed, created, asking, setAsking, busy, outcome, setOutcome, create, answer };
}

export function FeedDialog(props: FeedDialogProps) {
  const styles = useStyles();
  const controls = useControlStyles();
  const intro = useId();
  const listHeading = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A revoked feed leaves the list: focus goes to the list's heading, not to the page's start.
  const state = useFeeds(props, () => heading.current?.focus());
  const { listed, created, busy } = state;
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface aria-describedby={intro}>
        <DialogBody>
          <DialogTitle>{t("feeds.title")}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text id={intro}>{t("feeds.intro", { name: props.name })}</Text>
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody className={controls.message}>{t("feeds.caution")}</MessageBarBody>
            </MessageBar>
            <OutcomeBar outcome={state.outcome} />
            {created ? (
              <FeedSnippets url={created.url} onCopied={state.setOutcome} />
            ) : (
              <Button appearance="primary" disabled={busy} onClick={() => void state.create()}>
                {t("feeds.create")}
              </Button>
            )}
            <section aria-labelledby={listHeading}>
              <Text id={listHeading} as="h3" ref={heading} tabIndex={-1} className={styles.heading}>
                {t("feeds.list")}
              </Text>
              {listed === null ? (
                <Text size={200}>{t("feeds.loading")}</Text>
              ) : listed.length === 0 ? (
                <Text size={200}>{t("feeds.none")}</Text>
              ) : (
                <ul className={controls.plainList}>
                  {listed.map((feed) => (
                    <FeedItem
                      key={feed.id}
                      feed={feed}
                      busy={busy}
                      asking={state.asking === feed.id}
                      onAsk={() => state.setAsking(feed.id)}
                      onAnswer={(revoke) => state.answer(feed.id, revoke)}
                    />
                  ))}
                </ul>
              )}
            </section>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onClose}>
              {t("feeds.close")}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
