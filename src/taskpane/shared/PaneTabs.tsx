/**
 * The pane's tab strip, written out rather than Fluent's TabList: TabList moves focus with Tabster's Mover, which
 * inserts focusable guard elements inside aria-hidden (axe: aria-hidden-focus, serious). This strip follows the
 * WAI-ARIA tabs pattern itself: one tab in the Tab order (the selected one), arrows, Home and End move between tabs
 * and select them.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useRef, type KeyboardEvent } from "react";

const useStyles = makeStyles({
  // Five tabs wrap onto a second line in a narrow pane (320 px) rather than squeeze their words.
  list: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  tab: {
    border: "none",
    background: "none",
    cursor: "pointer",
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
    borderBottom: `3px solid transparent`,
    ":hover": { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ":focus-visible": { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "-2px" },
  },
  selected: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottom: `3px solid ${tokens.colorCompoundBrandStroke}`,
  },
});

export interface PaneTab<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** `tab-<value>` / `panel-<value>` ids tie each tab to its panel (aria-controls / aria-labelledby). */
export function tabId(value: string): string {
  return `mad-tab-${value}`;
}

export function panelId(value: string): string {
  return `mad-panel-${value}`;
}

export function PaneTabs<T extends string>(props: {
  tabs: readonly PaneTab<T>[];
  selected: T;
  onSelect: (value: T) => void;
  label: string;
}) {
  const { tabs, selected, onSelect, label } = props;
  const styles = useStyles();
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.value === selected);
    const next =
      event.key === "ArrowRight"
        ? (at + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].value);
    refs.current.get(tabs[next].value)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={styles.list} onKeyDown={move}>
      {tabs.map((t) => (
        <button
          key={t.value}
          ref={(element) => {
            if (element) refs.current.set(t.value, element);
            else refs.current.delete(t.value);
          }}
          type="button"
          role="tab"
          id={tabId(t.value)}
          aria-controls={panelId(t.value)}
          aria-selected={t.value === selected}
          tabIndex={t.value === selected ? 0 : -1}
          className={mergeClasses(styles.tab, t.value === selected && styles.selected)}
          onClick={() => onSelect(t.value)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
