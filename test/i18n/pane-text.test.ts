/**
 * Every text the task pane's components show comes from the catalog (src/i18n): a .tsx file under src/taskpane
 * that writes a person's words inline fails here, so a second language cannot miss it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../architecture/source-scan";
import { pane } from "../../src/i18n/messages/en/pane";
import { literalTexts } from "./literal-text";

const PANE = join(ROOT, "src", "taskpane");
const IDS: ReadonlySet<string> = new Set(Object.keys(pane));

function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return components(full);
    return entry.name.endsWith(".tsx") ? [relative(ROOT, full).split("\\").join("/")] : [];
  });
}

const found = new Map(
  components(PANE).map((path) => [path, literalTexts(path, readFileSync(join(ROOT, path), "utf8"), IDS)]),
);

test("the scan reads the pane's components (it is not vacuous)", () => {
  expect(found.size).toBeGreaterThan(10);
  expect([...found.keys()]).toEqual(
    expect.arrayContaining([
      "src/taskpane/builder/QueryBuilder.tsx",
      "src/taskpane/builder/ParamField.tsx",
      "src/taskpane/builder/QueryForm.tsx",
      "src/taskpane/shared/CategoryPicker.tsx",
      "src/taskpane/shared/LanguageSwitch.tsx",
    ]),
  );
});

test("no task pane component writes a person's words inline: they come from the catalog", () => {
  const inline = [...found].flatMap(([path, texts]) => texts.map((x) => `${path}:${x.line} ${x.text}`));
  expect(inline).toEqual([]);
});

describe("the scan catches each way of writing words inline (planted violations)", () => {
  const planted = `
    import { t } from "../../i18n";
    export function Planted({ busy, tab }: { busy: string | null; tab: string }) {
      const [, setNotice] = useState("");
      const onSave = () => setNotice("Settings saved.");
      const pick = () => setTab("builder");
      const TABS = [{ value: "builder", label: "Build" }, { value: "reports", label: "tab.reports" }];
      return (
        <section aria-label="Query builder" className="root" id="mad-section">
          <Text>Loading…</Text>
          <Button>{t("build.preview")}</Button>
          {tab === "builder" && <Text>{busy ? \`\${busy} Page 2 of 3.\` : "Idle"}</Text>}
          <Input placeholder={busy ?? "Choose…"} value={tab} />
          <Field label={t("build.operation")} hint={\`\${tab} · \${busy}\`} />
        </section>
      );
    }`;
  const texts = literalTexts("Planted.tsx", planted, IDS).map((x) => x.text);

  test.each([
    ["a string handed to a state setter", "Settings saved."],
    ["an object's label", "Build"],
    ["a literal text-bearing prop", "Query builder"],
    ["JSX text", "Loading…"],
    ["a template literal child", "`${busy} Page 2 of 3.`"],
    ["a conditional's branch", "Idle"],
    ["a ?? fallback in a prop", "Choose…"],
  ])("%s", (_, text) => {
    expect(texts).toContain(text);
  });

  test("and only those: catalog ids, class names, ids, comparisons and separators are not text", () => {
    expect(texts).toHaveLength(7);
  });
});
