/**
 * The order kind: `{field, desc}` on the wire; `price desc`, `price asc` or `price` (the service's default
 * direction) in a cell; a sort field and a direction switch in the form.
 */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import type { AnyParamSpec } from "../param-spec";
import { textValue } from "./cell-input";
import { isOrder } from "./form-types";
import { firstOption, readError, sampleText, show, type KindDefinition, type ReadContext } from "./kind";

/** The `order` object the service takes. */
export interface OrderParam {
  field?: string;
  desc?: boolean;
}

interface OrderParts {
  field?: string;
  desc?: boolean;
}

/** `price desc`, `price asc` or `price`; the field matched case-insensitively to the sort fields' spelling. */
function orderFromText(spec: AnyParamSpec, text: string, context: ReadContext): OrderParts {
  const parts = text.split(/\s+/).filter((p) => p !== "");
  const direction = parts.length > 1 ? parts.pop()!.toLowerCase() : undefined;
  if (parts.length !== 1 || (direction !== undefined && direction !== "asc" && direction !== "desc")) {
    throw readError(
      spec,
      context,
      "type",
      t("kind.orderText", { example: spec.sortFields?.[0] ?? "searches", got: show(text) }),
    );
  }
  const field = spec.sortFields?.find((s) => s.toLowerCase() === parts[0].toLowerCase()) ?? parts[0];
  return direction === undefined ? { field } : { field, desc: direction === "desc" };
}

function orderSchema(spec: AnyParamSpec) {
  const closedFields = spec.sortFields && !spec.openOptions ? spec.sortFields : undefined;
  return z
    .pipe(
      z.strictObject({ field: z.nullish(z.string()), desc: z.nullish(z.boolean()) }),
      z.transform((o) => {
        const out: OrderParts = {};
        const field = o.field?.trim();
        if (field) out.field = field;
        if (typeof o.desc === "boolean") out.desc = o.desc;
        return out;
      }),
    )
    .check(
      z.refine((o) => !closedFields || o.field === undefined || closedFields.includes(o.field), {
        error: (iss) =>
          t("kind.sortField", {
            got: show((iss.input as { field?: string }).field),
            fields: closedFields?.join(", ") ?? "",
          }),
        params: { rule: "sortField" },
      }),
    );
}

export const ORDER_KIND: KindDefinition<OrderParam> = {
  traits: { list: "single", zero: "blank", excelArgument: "unknown" },
  caps: {},
  sample: (spec) => firstOption(spec) ?? sampleText(spec),
  schema: orderSchema,
  fromCells: ([cell], spec, context) => orderFromText(spec, textValue(cell), context),
  control: (spec) => ({
    type: "order",
    sortFields: spec.sortFields ?? [],
    open: Boolean(spec.openOptions) || !spec.sortFields,
    defaultField: spec.orderDefault?.field,
    defaultDesc: spec.orderDefault?.desc ?? true,
  }),
  fromForm: (value) =>
    isOrder(value) && value.field.trim() !== "" ? { field: value.field.trim(), desc: value.desc } : undefined,
  words: { expected: () => t("kind.order.expected"), docs: "kind.order.docs", argumentHelp: null },
};
