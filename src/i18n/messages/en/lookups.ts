/**
 * The English catalog of the lookup functions (MAD.PRODUCT, MAD.PRODUCTS: src/formula/lookup-plans.ts) and the
 * engine's NotFoundError (src/engine/not-found.ts): words only their chunk, loaded on demand, shows.
 */
import { message } from "../../message";

export const lookups = {
  // A lookup's key the service's answer lacks (#N/A in its cell, a message in MAD.PRODUCTS' row)
  "error.notFound.summary": message("{key} was not found in marketplace {market}", { key: "text", market: "text" }),
  "error.notFound.advice": message("Check the ASIN and the market: the service has no product by that id there."),
  // MAD.PRODUCT's `details` naming something it does not add
  "cell.notADetail": message("{got} is not a detail MAD.PRODUCT adds; it adds {facts}", { got: "text", facts: "text" }),
};
