/** Messages send people to the ribbon place the manifest really creates, in English and in Chinese. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ribbon, taskPanePlace } from "../../src/i18n/ribbon";
import { setLocale } from "../../src/i18n/locale";

const manifest = readFileSync(path.join(__dirname, "..", "..", "manifest.xml"), "utf8");
const label = (id: string) => new RegExp(`<bt:String id="${id}" DefaultValue="([^"]*)"`).exec(manifest)?.[1];
/** A resource's override for a locale: `<bt:Override Locale="zh-CN" Value="..."/>` inside `<bt:String id=...>`. */
const override = (id: string, locale: string) =>
  new RegExp(`<bt:String id="${id}"[^>]*>[^]*?<bt:Override Locale="${locale}" Value="([^"]*)"/>[^]*?</bt:String>`).exec(
    manifest,
  )?.[1];

afterEach(() => setLocale("en"));

test("the ribbon place in messages is the manifest's group and button, on the Home tab", () => {
  expect(label("Group.Label")).toBe(ribbon().group);
  expect(label("TaskpaneButton.Label")).toBe(ribbon().button);
  expect(manifest).toContain('<OfficeTab id="TabHome">');
  expect(taskPanePlace()).toBe("the task pane (Home > Marketplace Data > Research)");
});

test("in Chinese, the place is the manifest's zh-CN overrides, on Excel's 开始 tab", async () => {
  await setLocale("zh-CN");
  expect(override("Group.Label", "zh-CN")).toBe(ribbon().group);
  expect(override("TaskpaneButton.Label", "zh-CN")).toBe(ribbon().button);
  expect(taskPanePlace()).toBe("任务窗格（开始 > 市场数据 > 调研）");
});
