/**
 * Trademark records (the service's global brand database, WIPO's Global Brand Database fields: `st13`, `gbdStatus`,
 * collections such as `ustm`). Dates are `yyyy-MM-dd` text; offices are two-letter codes (US, GB, EM, WO).
 */
import { dt, i, nl, obj, objList, s, sl, u } from "./fields";

/** Text in a language, as the service nests names, addresses and descriptions. */
const TEXT_IN = [s("text", "Text"), s("languageCode", "Language code, e.g. en")] as const;

/** What the list and the detail both carry (trademark_list's field table). */
const TRADEMARK_SUMMARY = [
  s("id", "Trademark id, e.g. US502022097612203 (MAD.TRADEMARK's brandId)"),
  sl("brandName", "Brand names (word marks)"),
  s("office", "Trademark office code, e.g. US"),
  s("status", "Status, e.g. Registered or Pending"),
  dt("statusDate", "Date of the status, a date"),
  nl("niceClass", "Nice classes of the goods and services"),
  sl("applicant", "Applicants"),
  s("applicantCountryCode", "Applicant's country code"),
  dt("applicationDate", "Application date, a date"),
  s("applicationNumber", "Application number"),
  s("registrationNumber", "Registration number"),
  s("applicationLanguageCode", "Application language code"),
  sl("applicationRefNumber", "Application reference numbers"),
  s("collection", "Data collection, e.g. ustm"),
  sl("designatedCountries", "Designated countries"),
  sl("designation", "Designation"),
  s("filingPlace", "Place of filing"),
  sl("kind", "Kinds of mark, e.g. Individual"),
  s("markFeature", "Mark feature, e.g. Word or Combined"),
  s("type", "Type, e.g. TRADEMARK"),
  objList("logos", "Logos", [s("logo", "Logo"), s("logoUrl", "Logo link")]),
  objList("applicants", "Applicants in detail", [
    s("kind", "Kind, e.g. Legal Entity"),
    s("identifier", "Identifier"),
    s("countryCode", "Country code"),
    u("contact", "Contact"),
    objList("fullName", "Full name", TEXT_IN),
    objList("fullAddress", "Full address", TEXT_IN),
  ]),
] as const;

const TRADEMARK_FIELDS = TRADEMARK_SUMMARY;

/** One trademark in full: the summary and its history, classification and texts. */
const TRADEMARK_DETAIL_FIELDS = [
  ...TRADEMARK_SUMMARY,
  s("st13", "WIPO ST.13 id"),
  s("gbdStatus", "Status in the Global Brand Database"),
  s("officeStatus", "Status as the office words it"),
  dt("registrationDate", "Registration date, a date"),
  dt("expiryDate", "Expiry date, a date"),
  dt("publicationDate", "Publication date, a date"),
  dt("terminationDate", "Termination date, a date"),
  s("registrationOfficeCode", "Office of registration"),
  sl("registrationRefNumber", "Registration reference numbers"),
  s("refOffice", "Reference office"),
  s("secondLanguageCode", "Second language code"),
  objList("markDescriptionDetails", "Descriptions of the mark", TEXT_IN),
  objList("markDisclaimerDetails", "Disclaimers", TEXT_IN),
  objList("events", "Events", [
    dt("date", "Date"),
    s("officeKind", "Event, as the office names it"),
    s("gbdKind", "Event, as the Global Brand Database names it"),
    s("doc", "Document"),
    s("country", "Country"),
  ]),
  objList("publications", "Publications", [dt("date", "Date"), s("identifier", "Identifier"), s("section", "Section")]),
  objList("appeals", "Appeals", [dt("date", "Date"), s("kind", "Kind")]),
  obj("reference", "Reference", [
    s("office", "Office code"),
    obj("application", "Application", [dt("date", "Date"), s("number", "Number")]),
    obj("registration", "Registration", [dt("date", "Date"), s("number", "Number")]),
  ]),
  obj("wordMarkSpecification", "Word mark", [
    s("markTransliteration", "Transliteration"),
    obj("markVerbalElement", "Verbal element", TEXT_IN),
    obj("markSignificantVerbalElement", "Significant verbal element", TEXT_IN),
    obj("markTranslation", "Translation", TEXT_IN),
  ]),
  u("goodsServicesClassification", "Goods and services by class"),
  u("nationalGoodsServicesClassification", "Goods and services, national classification"),
  u("goodsServicesUnclassified", "Goods and services not classified"),
  u("markImageDetails", "Figurative elements of the mark"),
  u("correspondence", "Correspondence address"),
  u("representatives", "Representatives"),
  u("priorities", "Priorities"),
  u("qc", "Examination remarks"),
  s("extra", "More information"),
] as const;

/** Counts of the trademarks a text finds, by facet (office, brand name, status, applicant, Nice class, years). */
const TRADEMARK_FACET_FIELDS = [
  s("facet", "What is counted: office, brandName, status, applicant, niceClass, applicationYear or expiryYear"),
  s("key", "The value counted, e.g. US, Registered or 9"),
  s("label", "The value's name where the service gives one (Nice classes)", { serviceLabel: true }),
  i("count", "Trademarks"),
] as const;

/** Offices whose trademarks the service holds. */
const TRADEMARK_OFFICE_FIELDS = [
  s("office", "Office code, e.g. US"),
  s("officeLabel", "Office or country name", { serviceLabel: true }),
] as const;

/** The trademark group's records by name (the catalog's `record`). */
export const TRADEMARK_RECORDS = {
  trademark: TRADEMARK_FIELDS,
  trademarkDetail: TRADEMARK_DETAIL_FIELDS,
  trademarkFacet: TRADEMARK_FACET_FIELDS,
  trademarkOffice: TRADEMARK_OFFICE_FIELDS,
} as const;
