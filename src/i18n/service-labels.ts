/**
 * The English names of the labels the service sends in Chinese from known sets (./labels.ts says where they are
 * shown). A module of its own, loaded on demand: only category-market and trademark answers carry such labels, and
 * the functions bundle loads with every workbook.
 */
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
  安道尔: "Andorra",
  阿根廷: "Argentina",
  智利: "Chile",
  哥伦比亚: "Colombia",
  秘鲁: "Peru",
  埃及: "Egypt",
  摩洛哥: "Morocco",
  希腊: "Greece",
  匈牙利: "Hungary",
  罗马尼亚: "Romania",
  保加利亚: "Bulgaria",
  爱沙尼亚: "Estonia",
  拉脱维亚: "Latvia",
  立陶宛: "Lithuania",
  卢森堡: "Luxembourg",
  冰岛: "Iceland",
  摩纳哥: "Monaco",
  欧盟: "European Union (EUIPO)",
  欧盟知识产权局: "European Union (EUIPO)",
  世界知识产权组织: "International (WIPO)",
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
  // Nice classes (trademark counts), by the short Chinese names the service gives them.
  化工原料: "Chemicals",
  颜料油漆: "Paints",
  日化用品: "Cosmetics and cleaning products",
  燃料油脂: "Fuels and oils",
  医药用品: "Pharmaceuticals",
  金属材料: "Metal goods",
  机械设备: "Machinery",
  手工器械: "Hand tools",
  科学仪器: "Scientific and electronic apparatus",
  医疗器械: "Medical apparatus",
  灯具空调: "Lighting, heating and cooling",
  运输工具: "Vehicles",
  珠宝钟表: "Jewelry and watches",
  乐器: "Musical instruments",
  办公用品: "Paper and office goods",
  皮革皮具: "Leather goods and bags",
  家具: "Furniture",
  厨房洁具: "Household and kitchen utensils",
  布料床单: "Textiles and bedding",
  服装鞋帽: "Clothing, footwear and headwear",
  健身器材: "Games, toys and sporting goods",
  广告销售: "Advertising and business services",
  网站服务: "Scientific and technology services",
};

/** Rules for labels built from a number or a pattern: `500以上`, `3年以上`, `有A+无视频`. */
const PATTERNS: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^(\d+(?:\.\d+)?)以上$/, (n) => `${n} and over`],
  [/^(\d+(?:\.\d+)?)以下$/, (n) => `Under ${n}`],
  [/^(\d+(?:\.\d+)?)年以上$/, (n) => `Over ${n} years`],
  [/^(\d+(?:\.\d+)?)年以下$/, (n) => `Under ${n} years`],
  [/^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)年$/, (a, b) => `${a}-${b} years`],
  [/^(\d+(?:\.\d+)?)个月以内$/, (n) => `Within ${n} month${n === "1" ? "" : "s"}`],
  [/^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)个月$/, (a, b) => `${a}-${b} months`],
  [
    /^(新品)?(有|无)A\+(有|无)视频$/,
    (fresh, aplus, video) =>
      `${fresh ? "New products, " : ""}${aplus === "有" ? "with" : "no"} A+, ${video === "有" ? "with" : "no"} video`,
  ],
];

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
