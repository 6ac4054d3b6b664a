/**
 * Characters that act instead of showing: C0 and C1 controls (ESC and CSI start terminal escapes, BEL rings, CR and
 * LF start lines, TAB moves columns), line and paragraph separators, and the bidirectional overrides that reorder
 * what follows. Names a person gives (schedules, and members and keys by their own narrower rules) refuse them, so a
 * stored name cannot clear an admin's terminal or forge a line; what is printed from storage is escaped anyway,
 * for data stored before this rule or edited by hand.
 */
const CONTROL = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const CONTROLS = new RegExp(CONTROL.source, "gu");

export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

/**
 * The text with each control character written as its escape (`\u001b`), so it shows instead of acting; `keep`
 * names characters left as they are (a line's own column tabs).
 */
export const escapeControlCharacters = (text: string, keep = ""): string =>
  text.replace(CONTROLS, (c) => (keep.includes(c) ? c : `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`));
