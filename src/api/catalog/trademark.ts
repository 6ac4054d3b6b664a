/**
 * The trademark group: the service's global brand database (trademarks of many offices: US, GB, EM for the EU,
 * WO for WIPO...). No marketplace: each operation takes the offices to search (`office`, two-letter codes; UK is read
 * as GB, the office's own code). Their records are in ../records/trademark.ts. Sources: sellersprite-cli
 * reference/trademark_*.md (the only docs of these operations).
 *
 * Not parameters here: `imageBase64` and `imageFile` (search by a logo image: a file upload, or base64 text far past
 * what a cell or the add-in's 500-character text cap holds).
 */
import type { EnumOption } from "../catalog-types";
import { intList, list, opts, order, page, required, size, str } from "../params";
import { operationsOf } from "./operation";

const define = operationsOf("trademark");

/** Offices people use most; any two-letter office the service lists (MAD.TRADEMARKOFFICES) is taken. */
const OFFICES: readonly EnumOption[] = [
  ...opts(["US", "United States (USPTO)"]),
  { value: "GB", label: "United Kingdom (UKIPO)", aliases: ["UK"] },
  { value: "EM", label: "European Union (EUIPO)", aliases: ["EU"] },
  ...opts(
    ["WO", "International (WIPO, Madrid)"],
    ["CN", "China"],
    ["JP", "Japan"],
    ["DE", "Germany"],
    ["FR", "France"],
    ["IT", "Italy"],
    ["ES", "Spain"],
    ["CA", "Canada"],
    ["IN", "India"],
    ["MX", "Mexico"],
    ["BR", "Brazil"],
    ["AU", "Australia"],
    ["AE", "United Arab Emirates"],
  ),
];

const offices = (doc: string) => list("office", doc, { pattern: "office", options: OFFICES, openOptions: true });
const text = () => required(str("text", "Words to search for in trademarks, e.g. anker."));

export const TRADEMARK_OPERATIONS = [
  define({
    code: "trademark_list",
    path: "/v1/global/brand/list",
    dataPeriod: "day",
    fn: "TRADEMARKS",
    title: "Trademark search",
    description: "Trademarks matching words, in the offices you choose, with status, owner, classes and dates.",
    params: [
      offices("Offices to search, e.g. US or US, EM (UK = GB); blank = every office."),
      text(),
      list("brandName", "Only these brand names (as MAD.TRADEMARKSTATS counts them)."),
      list("status", "Only these statuses, e.g. Registered, Pending."),
      list("applicant", "Only these applicants, e.g. ANKER INC."),
      intList("niceClass", "Only these Nice classes, 1 to 45 (e.g. 9 for electronics).", { min: 1, max: 45 }),
      list("applicationYear", "Only trademarks applied for in these years, e.g. 2022."),
      list("expiryYear", "Only trademarks expiring in these years, e.g. 2026."),
      page(),
      size(20, 100),
      // Default: relevance; the doc names applicationDate.
      order({ desc: true }, ["applicationDate"], true),
    ],
    positional: [
      { arg: "office", param: "office" },
      { arg: "text", param: "text" },
    ],
    shape: "paged",
    record: "trademark",
  }),
  define({
    code: "trademark_stats",
    path: "/v1/global/brand/stats",
    dataPeriod: "day",
    fn: "TRADEMARKSTATS",
    title: "Trademark counts",
    description:
      "How many trademarks match words, by office, brand name, status, applicant, Nice class and application and expiry year.",
    params: [required(offices("Offices to count in, e.g. US or US, EM (UK = GB).")), text()],
    positional: [
      { arg: "office", param: "office" },
      { arg: "text", param: "text" },
    ],
    shape: "facets",
    record: "trademarkFacet",
  }),
  define({
    code: "trademark_detail",
    path: "/v1/global/brand/detail",
    dataPeriod: "day",
    method: "GET",
    fn: "TRADEMARK",
    title: "Trademark details",
    description: "One trademark in full: owner, classes, goods and services, events and dates.",
    params: [
      required(
        str("office", "The trademark's office, e.g. US (UK = GB).", {
          pattern: "office",
          options: OFFICES,
          openOptions: true,
        }),
      ),
      required(str("brandId", "The trademark's id from MAD.TRADEMARKS, e.g. US502022097612203.")),
    ],
    positional: [
      { arg: "office", param: "office" },
      { arg: "brandId", param: "brandId" },
    ],
    shape: "object",
    record: "trademarkDetail",
  }),
  define({
    code: "trademark_country_list",
    path: "/v1/global/brand/range",
    dataPeriod: "month",
    method: "GET",
    fn: "TRADEMARKOFFICES",
    title: "Trademark offices",
    description: "The offices (countries and regions) whose trademarks the service holds, with their codes.",
    params: [],
    positional: [],
    shape: "array",
    record: "trademarkOffice",
  }),
] as const;
