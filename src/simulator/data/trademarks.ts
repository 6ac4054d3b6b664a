/**
 * The global brand database: trademarks found by words, in the offices asked for. A search's trademarks are one
 * deterministic universe (paged by trademark_list, counted by trademark_stats, so the counts match the list), each
 * with an id such as US502022097612203 (office, 50, application year, application number) that trademark_detail
 * reads back. Offices are WIPO ST.3 codes with the Chinese names the service sends (src/i18n/labels.ts reads them).
 */
import { hashString, mix, Rng } from "./prng";
import type { Generator, Row, Scenario } from "./row";
import { brandName, imageUrl, pad2 } from "./values";

/** The offices the service holds (trademark_country_list), with the service's Chinese names. */
export const TRADEMARK_OFFICES: readonly (readonly [string, string])[] = [
  ["US", "美国"],
  ["EM", "欧盟"],
  ["WO", "世界知识产权组织"],
  ["GB", "英国"],
  ["CN", "中国"],
  ["JP", "日本"],
  ["DE", "德国"],
  ["FR", "法国"],
  ["IT", "意大利"],
  ["ES", "西班牙"],
  ["CA", "加拿大"],
  ["MX", "墨西哥"],
  ["BR", "巴西"],
  ["AU", "澳大利亚"],
  ["IN", "印度"],
  ["AE", "阿联酋"],
  ["KR", "韩国"],
  ["SG", "新加坡"],
  ["NZ", "新西兰"],
  ["CH", "瑞士"],
  ["SE", "瑞典"],
  ["NO", "挪威"],
  ["DK", "丹麦"],
  ["PL", "波兰"],
  ["PT", "葡萄牙"],
  ["AD", "安道尔"],
];

/** Nice classes common on marketplaces, with the service's short Chinese names. */
const NICE_CLASSES: readonly (readonly [number, string])[] = [
  [9, "科学仪器"],
  [35, "广告销售"],
  [25, "服装鞋帽"],
  [28, "健身器材"],
  [21, "厨房洁具"],
  [3, "日化用品"],
  [11, "灯具空调"],
  [18, "皮革皮具"],
  [20, "家具"],
  [5, "医药用品"],
  [10, "医疗器械"],
  [14, "珠宝钟表"],
  [16, "办公用品"],
  [24, "布料床单"],
  [42, "网站服务"],
  [7, "机械设备"],
  [8, "手工器械"],
];
const NICE_LABELS: ReadonlyMap<string, string> = new Map(NICE_CLASSES.map(([code, label]) => [String(code), label]));

const STATUSES = ["Registered", "Registered", "Registered", "Pending", "Expired", "Ended"] as const;
const TAILS = ["", "", " PRO", " GO", " HOME", " LIFE", " TECH", "WORK", " PLUS"];
const ENTITY = [" INC", " LIMITED", " CO., LTD.", " LLC", " GMBH"];

/** The offices a search covers: those asked for, or a mix weighted to the large ones. */
function officesOf(s: Scenario): readonly string[] {
  const asked = s.params.office;
  if (Array.isArray(asked) && asked.length) return asked.map(String);
  if (typeof asked === "string" && asked) return [asked];
  return ["US", "US", "EM", "WO", "GB", "CN", "JP", "DE", "CA", "AU"];
}

const top = (row: Row): Row => (row.parent ? top(row.parent) : row);
const searchWord = (s: Scenario) =>
  String(s.params.text ?? s.params.brandId ?? "brand")
    .trim()
    .toUpperCase();
const app = (row: Row) => row.get<{ year: number; month: number; day: number }>("_applied");
const dateText = (year: number, month: number, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

/** Generators of the trademark fields (list and detail), keyed by the trademark domain. */
export const TRADEMARK: Record<string, Generator> = {
  "trademark:_office": (row, rng) => rng.pick(officesOf(row.scenario)),
  "trademark:_applied": (row, rng) => {
    const year = new Date(row.scenario.now).getUTCFullYear() - rng.int(0, 25);
    return { year, month: rng.int(1, 12), day: rng.int(1, 28) };
  },
  "trademark:_number": (_row, rng) => String(rng.int(70_000_000, 99_999_999)).padStart(9, "0"),
  "trademark:id": (row) => `${row.get("_office")}50${app(row).year}${row.get("_number")}`,
  "trademark:brandName": (row, rng) => {
    const word = searchWord(row.scenario);
    return [row.index === 0 ? word : `${word}${rng.pick(TAILS)}`];
  },
  "trademark:office": (row) => row.get("_office"),
  "trademark:status": (row, rng) =>
    app(row).year >= new Date(row.scenario.now).getUTCFullYear() - 1 ? "Pending" : rng.pick(STATUSES),
  "trademark:statusDate": (row, rng) =>
    dateText(
      Math.min(app(row).year + rng.int(0, 2), new Date(row.scenario.now).getUTCFullYear()),
      rng.int(1, 12),
      rng.int(1, 28),
    ),
  "trademark:niceClass": (_row, rng) => rng.sample(NICE_CLASSES, rng.int(1, 3)).map(([code]) => code),
  "trademark:applicant": (row, rng) => [
    `${searchWord(row.scenario).split(" ")[0]}${rng.pick([" INNOVATIONS", " TECHNOLOGY", "", " BRANDS"])}${rng.pick(ENTITY)}`,
  ],
  "trademark:applicantCountryCode": (_row, rng) => rng.pick(["CN", "CN", "US", "HK", "DE"]),
  "trademark:applicationDate": (row) => dateText(app(row).year, app(row).month, app(row).day),
  "trademark:applicationNumber": (row) => row.get<string>("_number").replace(/^0+/, ""),
  "trademark:registrationNumber": (row, rng) =>
    row.get("status") === "Pending" ? null : String(rng.int(3_000_000, 7_999_999)),
  "trademark:applicationLanguageCode": () => "en",
  "trademark:applicationRefNumber": () => [],
  "trademark:collection": (row) => `${String(row.get("_office")).toLowerCase()}tm`,
  "trademark:designatedCountries": (row) => [row.get("_office")],
  "trademark:designation": (row) => [row.get("_office")],
  "trademark:filingPlace": () => null,
  "trademark:kind": () => ["Individual"],
  "trademark:markFeature": (_row, rng) => rng.pick(["Word", "Word", "Combined", "Figurative"]),
  "trademark:type": () => "TRADEMARK",
  // A word mark has no logo in the list; its detail still shows the office's image of it.
  "trademark:logos": (row) => (row.get("markFeature") === "Word" && row.scenario.record !== "trademarkDetail" ? [] : 1),
  "logos.logo": (row) => `${row.parent?.get("id")}.jpg`,
  "logos.logoUrl": (row, rng) => imageUrl(rng),
  "trademark:applicants": () => 1,
  "applicants.kind": () => "Legal Entity",
  "applicants.identifier": (_row, rng) => String(rng.int(10_000_000, 99_999_999)),
  "applicants.countryCode": (row) => row.parent?.get("applicantCountryCode"),
  "applicants.contact": () => null,
  "applicants.fullName": (row) => [{ text: (row.parent?.get<string[]>("applicant") ?? [])[0], languageCode: "en" }],
  "applicants.fullAddress": (_row, rng) => [
    { text: `${rng.int(1, 999)} ${rng.pick(["Main St", "Harbour Rd", "Innovation Ave"])}`, languageCode: "en" },
  ],
  // Detail only
  "trademark:st13": (row) => `${row.get("_office")}50${app(row).year}0${row.get("_number")}`,
  "trademark:gbdStatus": (row) =>
    row.get("status") === "Registered" ? "Active" : row.get("status") === "Pending" ? "Pending" : "Ended",
  "trademark:officeStatus": (row) => row.get("status"),
  "trademark:registrationDate": (row) =>
    row.get("registrationNumber") ? dateText(app(row).year + 1, app(row).month, app(row).day) : null,
  "trademark:expiryDate": (row) => dateText(app(row).year + 10, app(row).month, app(row).day),
  "trademark:publicationDate": (row) => dateText(app(row).year, Math.min(12, app(row).month + 3), app(row).day),
  "trademark:terminationDate": (row) =>
    ["Expired", "Ended"].includes(String(row.get("status"))) ? dateText(app(row).year + 6, 1, 15) : null,
  "trademark:registrationOfficeCode": (row) => row.get("_office"),
  "trademark:registrationRefNumber": () => [],
  "trademark:refOffice": (row) => row.get("_office"),
  "trademark:secondLanguageCode": () => null,
  "trademark:markDescriptionDetails": (row) => [
    { text: `The mark consists of the words ${(row.get<string[]>("brandName") ?? [])[0]}.`, languageCode: "en" },
  ],
  "trademark:markDisclaimerDetails": () => [],
  "trademark:events": (row) => [
    {
      date: row.get("applicationDate"),
      officeKind: "New application",
      gbdKind: "Filed",
      doc: null,
      country: row.get("_office"),
    },
    {
      date: row.get("publicationDate"),
      officeKind: "Published for opposition",
      gbdKind: "Published",
      doc: null,
      country: row.get("_office"),
    },
  ],
  "trademark:publications": (row) => [
    { date: row.get("publicationDate"), identifier: `${app(row).year}/${app(row).month}`, section: "Trademarks" },
  ],
  "trademark:appeals": () => [],
  "trademark:reference": (row) => ({ office: row.get("_office") }),
  "reference.application": (row) => ({
    date: top(row).get("applicationDate"),
    number: top(row).get("applicationNumber"),
  }),
  "reference.registration": (row) =>
    top(row).get("registrationNumber")
      ? { date: top(row).get("registrationDate"), number: top(row).get("registrationNumber") }
      : null,
  "trademark:wordMarkSpecification": () => ({}),
  "wordMarkSpecification.markTransliteration": () => null,
  "wordMarkSpecification.markVerbalElement": (row) => ({
    text: (top(row).get<string[]>("brandName") ?? [])[0],
    languageCode: "en",
  }),
  "wordMarkSpecification.markSignificantVerbalElement": (row) => ({
    text: (top(row).get<string[]>("brandName") ?? [])[0],
    languageCode: "en",
  }),
  "wordMarkSpecification.markTranslation": () => null,
  "trademark:goodsServicesClassification": (row) => ({
    kind: "Nice",
    version: "12-2024",
    classification: (top(row).get<number[]>("niceClass") ?? []).map((code) => ({
      code: String(code),
      terms: { en: NICE_LABELS.get(String(code)) ?? "" },
    })),
  }),
  "trademark:nationalGoodsServicesClassification": () => null,
  "trademark:goodsServicesUnclassified": () => null,
  "trademark:markImageDetails": () => [],
  "trademark:correspondence": () => null,
  "trademark:representatives": () => [],
  "trademark:priorities": () => [],
  "trademark:qc": () => [],
  "trademark:extra": () => null,
};

/**
 * The presets of one trademark read back from its id (trademark_detail): its office, application year and number,
 * so MAD.TRADEMARK of an id MAD.TRADEMARKS listed shows the same trademark.
 */
export function detailPresets(s: Scenario): Record<string, unknown> {
  const id = String(s.params.brandId ?? "").trim();
  const parsed = /^([A-Z]{2})50(\d{4})(\d{9})$/.exec(id);
  const office = parsed?.[1] ?? String(s.params.office ?? "US");
  const rng = new Rng(mix(hashString(id), 7));
  const year = parsed ? Number(parsed[2]) : new Date(s.now).getUTCFullYear() - rng.int(1, 15);
  return {
    id,
    _office: office,
    _number: parsed?.[3] ?? String(rng.int(70_000_000, 99_999_999)).padStart(9, "0"),
    _applied: { year, month: rng.int(1, 12), day: rng.int(1, 28) },
    brandName: [brandName(rng).toUpperCase()],
  };
}

/** The facets trademark_stats counts, over the rows of the same search's list. */
const FACETS = ["office", "brandName", "status", "applicant", "niceClass", "applicationYear", "expiryYear"] as const;

export function trademarkFacets(rows: readonly Row[]): Record<string, unknown> {
  const counts = new Map<string, Map<string, number>>(FACETS.map((f) => [f, new Map()]));
  const add = (facet: string, key: unknown) => {
    const map = counts.get(facet)!;
    map.set(String(key), (map.get(String(key)) ?? 0) + 1);
  };
  for (const row of rows) {
    add("office", row.get("office"));
    for (const name of row.get<string[]>("brandName") ?? []) add("brandName", name);
    add("status", row.get("status"));
    for (const name of row.get<string[]>("applicant") ?? []) add("applicant", name);
    for (const code of row.get<number[]>("niceClass") ?? []) add("niceClass", code);
    add("applicationYear", app(row).year);
    add("expiryYear", app(row).year + 10);
  }
  return Object.fromEntries(
    FACETS.map((facet) => [
      facet,
      [...counts.get(facet)!.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 20)
        // Only Nice classes have names; the other facets' label is empty.
        .map(([key, count]) => ({ key, count, label: facet === "niceClass" ? (NICE_LABELS.get(key) ?? null) : null })),
    ]),
  );
}
