/**
 * Renders help.html (help.zh-CN.html in Chinese), the page every function's help link opens (`@helpurl .../help.html#mad<name>`), from the same
 * markdown as docs/functions.md, so the page and the reference cannot say different things. markdown-it
 * runs with raw HTML off: every text from the catalog is escaped, never passed through as markup. The page is
 * self-contained (inline CSS, no scripts); its Content-Security-Policy allows nothing but that one style block.
 * Written to src/functions/generated/help.html by `npm run gen:functions`; the build copies it into dist/.
 */
import { createHash } from "node:crypto";
import MarkdownIt from "markdown-it";
import { OPERATIONS, type AnyOperation } from "../../api/catalog";
import { docsWords } from "../../i18n/docs";
import { renderReadmeSection } from "./readme";

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens (`MAD.COMPETITORS` -> `madcompetitors`). */
export function headingAnchor(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

// Types taken from the class, so they read the same under the package's ESM and CommonJS typings.
type Markdown = InstanceType<typeof MarkdownIt>;
type Token = ReturnType<Markdown["parse"]>[number];

const textOf = (inline: Token | undefined) =>
  (inline?.children ?? [])
    .map((child) => (child.type === "text" || child.type === "code_inline" ? child.content : ""))
    .join("");

/**
 * Headings get the README's anchors as ids (so `#madcompetitors` and the section's own links work on the page) and
 * move up one level: the section's `## Functions` is the page's h1.
 */
function anchoredHeadings(md: Markdown): void {
  md.core.ruler.push("help_heading_ids", (state) => {
    const seen = new Set<string>();
    state.tokens.forEach((token, index) => {
      if (token.type !== "heading_open" && token.type !== "heading_close") return;
      const level = Math.max(1, Number(token.tag.slice(1)) - 1);
      token.tag = `h${level}`;
      if (token.type === "heading_close") return;
      const id = headingAnchor(textOf(state.tokens[index + 1]));
      // A repeated anchor would send a help link to the wrong function: fail the generation instead.
      if (seen.has(id)) throw new Error(`help.html: two headings share the anchor #${id}`);
      seen.add(id);
      token.attrSet("id", id);
    });
    return true;
  });
}

const STYLE = `
:root { color-scheme: light dark; --text: #1b1b1b; --muted: #4a4a4a; --back: #ffffff; --code: #f0f0f0;
  --rule: #c8c8c8; --link: #0f5ea8; }
@media (prefers-color-scheme: dark) {
  :root { --text: #ececec; --muted: #c2c2c2; --back: #1c1c1c; --code: #2e2e2e; --rule: #555555; --link: #8cc4ff; }
}
body { margin: 0; background: var(--back); color: var(--text);
  font: 16px/1.5 "Segoe UI", "Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", system-ui, -apple-system, sans-serif; }
header, main { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header p { margin: 1rem 0 0; color: var(--muted); }
h1 { margin-top: 0.25rem; }
h2 { margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid var(--rule); }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
:target { scroll-margin-top: 1rem; }
code, pre { font-family: Consolas, "Cascadia Mono", Menlo, monospace; font-size: 0.92em; background: var(--code);
  border-radius: 3px; }
code { padding: 0 0.2em; overflow-wrap: anywhere; }
pre { padding: 0.6rem 0.8rem; white-space: pre-wrap; overflow-wrap: anywhere; }
pre code { padding: 0; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { border: 1px solid var(--rule); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top;
  overflow-wrap: anywhere; }
th { background: var(--code); }
`;

/** The CSP source that allows exactly this style block (and so no other style, script, image or connection). */
const styleHash = (style: string) => `'sha256-${createHash("sha256").update(style, "utf8").digest("base64")}'`;

/** The help page of the active language (help.html, help.zh-CN.html: REFERENCES in ./wrappers). */
export function renderHelpPage(operations: readonly AnyOperation[] = OPERATIONS): string {
  const words = docsWords();
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.use(anchoredHeadings);
  const body = md.render(renderReadmeSection(operations));
  const policy = `default-src 'none'; style-src ${styleHash(STYLE)}; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="${words.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${md.utils.escapeHtml(policy)}">
<title>${md.utils.escapeHtml(words.helpTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>${md.utils.escapeHtml(words.helpHeader)}</p></header>
<main>
${body}</main>
</body>
</html>
`;
}
