/**
 * The book of the layers below the faces (messages/<locale>/cells.ts): what cells show, and the task pane shows of
 * those layers' failures. Small and in the functions bundle (English; other languages load on demand).
 */
import { defineBook } from "./book";
import { cells } from "./messages/en/cells";

/** A text of the layers below the faces, in the active language. */
export const t = defineBook(cells, {
  "zh-CN": () => import(/* webpackChunkName: "i18n-zh-CN-cells" */ "./messages/zh-CN/cells").then((m) => m.cells),
});
