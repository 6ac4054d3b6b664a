/**
 * The English catalog of the lookup functions (MAD.PRODUCT, MAD.PRODUCTS: src/formula/lookup-plans.ts), the product
 * card MAD.PRODUCT makes (src/table/product-card.ts) and the engine's NotFoundError (src/engine/not-found.ts): words
 * only their chunk, loaded on demand, shows.
 */
import { message } from "../../message";

export const lookups = {
  // A lookup's key the service's answer lacks (#N/A in its cell, a message in MAD.PRODUCTS' row)
  "error.notFound.summary": message("{key} was not found in marketplace {market}", { key: "text", market: "text" }),
  "error.notFound.advice": message("Check the ASIN and the market: the service has no product by that id there."),
  // MAD.PRODUCT's `details` naming something it does not add
  "cell.notADetail": message("{got} is not a detail MAD.PRODUCT adds; it adds {facts}", { got: "text", facts: "text" }),
  // A product card (src/table/product-card.ts): its second section's title and where its data comes from
  "card.section.listing": message("Listing"),
  "card.provider": message("SellerSprite data through Marketplace Analytics Data"),
  // The card's fields, named in the language it is made in (=A2.Price, =A2.价格), as Excel's own data types name theirs
  "card.field.title": message("Title"),
  "card.field.image": message("Image"),
  "card.field.price": message("Price"),
  "card.field.bsr": message("BSR"),
  "card.field.category": message("Category"),
  "card.field.rating": message("Rating"),
  "card.field.ratings": message("Ratings"),
  "card.field.monthlyUnits": message("Monthly units"),
  "card.field.monthlyRevenue": message("Monthly revenue"),
  "card.field.brand": message("Brand"),
  "card.field.asin": message("ASIN"),
  "card.field.marketplace": message("Marketplace"),
  "card.field.listedOn": message("Listed on"),
  "card.field.categoryPath": message("Category path"),
  "card.field.listing": message("Listing"),
  "card.field.bulletPoints": message("Bullet points"),
  "card.field.variants": message("Variants"),
};
