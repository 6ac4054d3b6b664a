/** Messages send people to the ribbon place the manifest really creates. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { RIBBON, TASK_PANE_PLACE } from "../../src/api/ribbon";

const manifest = readFileSync(path.join(__dirname, "..", "..", "manifest.xml"), "utf8");
const label = (id: string) => new RegExp(`<bt:String id="${id}" DefaultValue="([^"]*)"`).exec(manifest)?.[1];

test("the ribbon place in messages is the manifest's group and button, on the Home tab", () => {
  expect(label("Group.Label")).toBe(RIBBON.group);
  expect(label("TaskpaneButton.Label")).toBe(RIBBON.button);
  expect(manifest).toContain('<OfficeTab id="TabHome">');
  expect(TASK_PANE_PLACE).toBe("the task pane (Home > Marketplace Data > Research)");
});
