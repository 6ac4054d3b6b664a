/**
 * Imported before src/functions/generated/functions so that its associate() calls reach the CustomFunctions stand-in,
 * as they reach Excel's runtime when the functions bundle loads.
 */
import { installCustomFunctionsShim } from "./custom-functions-shim";

export const shim = installCustomFunctionsShim();
