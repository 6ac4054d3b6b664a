/** The Simplified Chinese of the groups and marketplaces, keyed by the English (see ./index.ts). */
export const common = {
  // groups and marketplaces
  "Product data": "产品数据",
  "One product (ASIN)": "单个商品（ASIN）",
  "Keyword data": "关键词数据",
  "Search frequency (ABA)": "搜索频率（ABA）",
  "Category market": "类目市场",
  "United States": "美国",
  Japan: "日本",
  "United Kingdom": "英国",
  Germany: "德国",
  France: "法国",
  Italy: "意大利",
  Spain: "西班牙",
  Canada: "加拿大",
  India: "印度",
  "Search trends (Google)": "搜索趋势（Google）",
  Trademarks: "商标",
  Mexico: "墨西哥",
  Brazil: "巴西",
  Australia: "澳大利亚",
  "United Arab Emirates": "阿联酋",
};
