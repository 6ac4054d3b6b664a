/**
 * The inputs several templates share: the market every template starts with, the ASINs' row's label, and the row
 * that heads a filter block's tables in words.
 */
import { t } from "../../../i18n";
import type { TemplateInput } from "../template-types";

export const MARKET: TemplateInput = {
  name: "market",
  kind: "market",
  label: () => t("template.input.market"),
  hint: () => t("template.input.market.hint"),
};

/** The ASIN row's label cell: the name the `filters` argument reads it under (`asins`, case-insensitive). */
export const ASINS_FILTER_NAME = "ASINs";

/**
 * The last row of a filter block (the ASIN row, the screen): `headers | labels`, a display option the block's reader
 * takes (src/formula/filters.ts), so the tables it filters are headed in words as the others are (a block of cells
 * takes no option beside it, issue 46); `names` there heads them with the API's names.
 */
export const HEADERS: TemplateInput = {
  name: "headers",
  kind: "headers",
  label: () => t("template.input.headers"),
  hint: () => t("template.input.headers.hint"),
  cellLabel: "headers",
  initial: "labels",
  optional: true,
};
