/** The inputs several templates share: the market every template starts with, and the ASINs' row's label. */
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
