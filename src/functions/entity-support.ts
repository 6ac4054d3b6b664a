/**
 * Whether this Excel takes a data type (an entity value, a card) as a custom function's result: from
 * CustomFunctionsRuntime 1.4 (https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets:
 * "1.4 includes custom functions integration with data types"), asked at run time, never assumed from the manifest,
 * which asks for less. Excel on the web and Microsoft 365 from version 2208 have it; perpetual Office does not.
 */
interface OfficeLike {
  readonly context?: { readonly requirements?: { isSetSupported?(name: string, version?: string): boolean } };
}

export function entitiesSupported(): boolean {
  try {
    const office = (globalThis as { Office?: OfficeLike }).Office;
    return office?.context?.requirements?.isSetSupported?.("CustomFunctionsRuntime", "1.4") === true;
  } catch {
    return false; // an Office not ready to answer: the labelled row, which every Excel shows
  }
}
