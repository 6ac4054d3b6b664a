/**
 * Labels the service sends in Chinese from known sets (seller countries, rating-count and A+/video buckets,
 * listing ages, seller types): a Chinese reader sees them as the service sends them, anyone else in English, so a
 * report reads in one language. Text outside the known sets is kept as sent: a wrong translation would be worse
 * than the original. Applied where a value is shown (src/table/cells.ts), never to what is fetched and cached, so
 * switching language changes what cells show without fetching again.
 */
import { currentLocale } from "../i18n/locale";

/** Country names as the service writes them (seller-country distribution). */
const COUNTRIES: Readonly<Record<string, string>> = {
  中国: "China",
  中国大陆: "China",
  中国香港: "Hong Kong",
  香港: "Hong Kong",
  中国台湾: "Taiwan",
  台湾: "Taiwan",
  中国澳门: "Macao",
  美国: "United States",
  加拿大: "Canada",
  墨西哥: "Mexico",
  巴西: "Brazil",
  日本: "Japan",
  韩国: "South Korea",
  英国: "United Kingdom",
  德国: "Germany",
  法国: "France",
  意大利: "Italy",
  西班牙: "Spain",
  荷兰: "Netherlands",
  比利时: "Belgium",
  波兰: "Poland",
  瑞典: "Sweden",
  瑞士: "Switzerland",
  奥地利: "Austria",
  爱尔兰: "Ireland",
  丹麦: "Denmark",
  挪威: "Norway",
  芬兰: "Finland",
  葡萄牙: "Portugal",
  捷克: "Czech Republic",
  土耳其: "Turkey",
  以色列: "Israel",
  俄罗斯: "Russia",
  乌克兰: "Ukraine",
  印度: "India",
  巴基斯坦: "Pakistan",
  孟加拉国: "Bangladesh",
  斯里兰卡: "Sri Lanka",
  越南: "Vietnam",
  泰国: "Thailand",
  新加坡: "Singapore",
  马来西亚: "Malaysia",
  印度尼西亚: "Indonesia",
  印尼: "Indonesia",
  菲律宾: "Philippines",
  澳大利亚: "Australia",
  新西兰: "New Zealand",
  阿联酋: "United Arab Emirates",
  阿拉伯联合酋长国: "United Arab Emirates",
  沙特阿拉伯: "Saudi Arabia",
  南非: "South Africa",
  其他: "Other",
  其它: "Other",
  未知: "Unknown",
};

const WORDS: Readonly<Record<string, string>> = {
  ...COUNTRIES,
  无评分数: "No ratings",
  无评分: "No ratings",
  Amazon自营: "Sold by Amazon",
  亚马逊自营: "Sold by Amazon",
  中国卖家: "Chinese sellers",
  美国卖家: "US sellers",
};

/** Rules for labels built from a number or a pattern: `500以上`, `3年以上`, `有A+无视频`. */
const PATTERNS: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^(\d+(?:\.\d+)?)以上$/, (n) => `${n} and over`],
  [/^(\d+(?:\.\d+)?)以下$/, (n) => `Under ${n}`],
  [/^(\d+(?:\.\d+)?)年以上$/, (n) => `Over ${n} years`],
  [/^(\d+(?:\.\d+)?)年以下$/, (n) => `Under ${n} years`],
  [/^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)年$/, (a, b) => `${a}-${b} years`],
  [/^(\d+(?:\.\d+)?)个月以内$/, (n) => `Within ${n} months`],
  [
    /^(新品)?(有|无)A\+(有|无)视频$/,
    (fresh, aplus, video) =>
      `${fresh ? "New products, " : ""}${aplus === "有" ? "with" : "no"} A+, ${video === "有" ? "with" : "no"} video`,
  ],
];

/** A label as the active language reads it: as sent in Chinese, else in English (see englishLabel). */
export const serviceLabel = (text: string): string => (currentLocale() === "zh-CN" ? text : englishLabel(text));

/** The English for a label from a known set; anything else as sent. */
export function englishLabel(text: string): string {
  const trimmed = text.trim();
  const word = WORDS[trimmed];
  if (word) return word;
  for (const [pattern, english] of PATTERNS) {
    const match = pattern.exec(trimmed);
    if (match) return english(...match.slice(1).map((part) => part ?? ""));
  }
  return text;
}
