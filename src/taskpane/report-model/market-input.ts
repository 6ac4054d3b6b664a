/** The market input every template starts with (a module of its own: templates.ts and niche-screener.ts share it). */
import { t } from "../../i18n";
import type { TemplateInput } from "./template-types";

export const MARKET: TemplateInput = {
  name: "market",
  kind: "market",
  label: () => t("template.input.market"),
  hint: () => t("template.input.market.hint"),
};
