/**
 * The search-trends group: Google Trends interest of a keyword in a marketplace's country, beside Amazon's own
 * search data (keyword trends, ABA). Its record is in ../records/trends.ts.
 *
 * google_trend: GET /v1/google/trends with the parameters in the query, as the full docs (CLI, REF) and the English
 * docs (GH) all say; the summarised revision's POST /v1/google/trend with startDate/endDate/keywords is left out.
 * keyword is required as GH marks it (a trend of nothing is not one); the CLI example that sends only the marketplace
 * is refused saying so.
 */
import { bool, marketplace, opts, required, str } from "../params";
import { operationsOf } from "./operation";

const define = operationsOf("trends");

export const TRENDS_OPERATIONS = [
  define({
    code: "google_trend",
    path: "/v1/google/trends",
    dataPeriod: "week",
    method: "GET",
    fn: "GOOGLETRENDS",
    title: "Google Trends",
    description:
      "Google search interest in a keyword over time, in the marketplace's country (0 to 100, weekly or monthly).",
    params: [
      marketplace,
      required(str("keyword", "Keyword, e.g. iphone stand.")),
      str("googleProp", "Which Google search: web (default) or shoppingCart (Google Shopping).", {
        options: opts(["web", "Web search"], ["shoppingCart", "Google Shopping"]),
      }),
      bool("monthly", "TRUE = one point a month; FALSE (default) = one a week.", { default: false }),
    ],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "series",
    record: "googleTrend",
  }),
] as const;
