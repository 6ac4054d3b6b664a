/**
 * Whether this Excel takes a data type (an entity value, a card) as a custom function's result, and in which form
 * its numbers go. Data types from custom functions come with CustomFunctionsRuntime 1.4
 * (https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets: "1.4
 * includes custom functions integration with data types"), asked at run time, never assumed from the manifest,
 * which asks for less. Excel on the web and Microsoft 365 from version 2208 have it; perpetual Office does not, yet
 * retail perpetual builds before Microsoft's fix claim it (office-js #3504): a refusal the task pane met
 * (src/table/data-type-support.ts) overrules the claim. A formatted number is a Double with its numberFormat from
 * ExcelApi 1.19, a FormattedNumber below it (src/table/product-card.ts).
 */
import { cardNumbersFor, dataTypesRefused, type CardNumbers } from "../table/data-type-support";

interface OfficeLike {
  readonly context?: { readonly requirements?: { isSetSupported?(name: string, version?: string): boolean } };
}

function hasSet(name: string, version: string): boolean {
  try {
    const office = (globalThis as { Office?: OfficeLike }).Office;
    return office?.context?.requirements?.isSetSupported?.(name, version) === true;
  } catch {
    return false; // an Office not ready to answer: the labelled row, which every Excel shows
  }
}

/** The form a card's numbers take here, or null where a function's card would not land (the labelled row). */
export function entitiesSupported(): CardNumbers | null {
  if (dataTypesRefused() || !hasSet("CustomFunctionsRuntime", "1.4")) return null;
  return cardNumbersFor(hasSet("ExcelApi", "1.19"));
}
