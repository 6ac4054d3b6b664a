/** The Simplified Chinese of the category-market group (src/api/catalog/market.ts, src/api/records/market.ts), keyed by the English (see ./index.ts). */
export const market = {
  // operation market_product_concentration
  "Product concentration": "商品集中度",
  "The top products of a category with their unit and revenue shares.": "类目的头部商品及其销量和销售额占比。",
  "Number of top listings the figures are computed over.": "计算指标所用的头部 Listing 数。",
  "Top listings counted": "统计的头部 Listing 数",
  "Definition of a new product (listing age counted as new).": "新品的定义（上架多久以内算新品）。",
  "New product age": "新品上架时长",
  "Only these products (ASINs).": "只看这些商品（ASIN）。",
  // operation market_seller_concentration
  "Seller concentration": "卖家集中度",
  "The top sellers of a category with their products, units and revenue shares.":
    "类目的头部卖家及其商品数、销量和销售额占比。",
  // operation market_listing_trend_distribution
  "Listing-date trend": "上架趋势",
  "Products, units and revenue of a category by listing year, one row per year.":
    "类目按上架年份的商品数、销量和销售额，每年一行。",
  // operation market_seller_country_distribution
  "Seller-country distribution": "卖家所属地分布",
  "Products, units and revenue of a category by seller country.": "类目按卖家所属地的商品数、销量和销售额。",
  // operation market_ratings_count_distribution
  "Rating-count distribution": "评分数分布",
  "Products, units and revenue of a category by number of ratings.": "类目按评分数区间的商品数、销量和销售额。",
  // operation market_ebc_distribution
  "A+/video distribution": "A+/视频分布",
  "Products and units of a category with and without A+ content and video.": "类目中有无 A+ 页面和视频的商品数及销量。",
  // operation market_brand_concentration
  "Brand concentration": "品牌集中度",
  "The top brands of a category with their products, units and revenue shares.":
    "类目的头部品牌及其商品数、销量和销售额占比。",
  // operation market_research_statistics
  "Category statistics": "类目统计",
  "Averages of a category: products, brands, sellers, BSR, price, units, revenue, ratings, new products.":
    "类目的均值：商品数、品牌数、卖家数、BSR、价格、销量、销售额、评分、新品。",
  // record productConcentration
  Ranking: "排名",
  "Fulfillment, e.g. FBA": "配送方式，例如 FBA",
  Units: "销量",
  Revenue: "销售额",
  "Share of the category's units": "占类目销量比例",
  "Share of the category's revenue": "占类目销售额比例",
  "Listing date, a date": "上架日期，日期",
  "New product: 1 yes, 0 no": "新品：1 是，0 否",
  // record sellerConcentration
  "Products (including new)": "商品数（含新品）",
  "New products": "新品数",
  "Units of new products": "新品销量",
  "Revenue of new products": "新品销售额",
  "New products' share of units": "新品销量占比",
  "New products' share of revenue": "新品销售额占比",
  "Product ids": "ASIN 列表",
  // record listingTrend
  "Bucket label": "区间标签",
  "Year, a number (yyyy)": "年份，数字（yyyy）",
  "Share of units": "销量占比",
  // record sellerCountry
  "Country name": "国家名称",
  "Share of revenue (absent in live data)": "销售额占比（实际数据中没有）",
  // record ratingCount
  "Rating-count bucket": "评分数区间",
  // record aplusVideo
  "A+/video bucket": "A+/视频区间",
  "Share of products, 0 to 100": "商品数占比，0 到 100",
  "Share of units, 0 to 100": "销量占比，0 到 100",
  // record categoryStatistics
  "Node names, localized": "节点名称（本地化）",
  "Country code": "国家代码",
  "Currency code": "货币代码",
  "Products in the category (may be null)": "类目下商品数（可能为空）",
  "Sample products": "样本商品数",
  Brands: "品牌数",
  Sellers: "卖家数",
  "Average best-seller rank": "平均 BSR 排名",
  "Average units": "平均销量",
  "Average revenue": "平均销售额",
  "Average profit rate": "平均利润率",
  "Average monthly ratings growth": "平均月新增评分数",
  "Average sellers per product": "平均每个商品的卖家数",
  "Average volume, cm3": "平均体积，cm3",
  "Average volume, in3": "平均体积，in3",
  "Average weight, g": "平均重量，g",
  "Average weight, pound": "平均重量，磅",
  "Top-N products": "头部商品数",
  "Top-N average best-seller rank": "头部平均 BSR 排名",
  "Top-N average units": "头部平均销量",
  "Top-N average revenue": "头部平均销售额",
  "Top-N average price": "头部平均价格",
  "Top-N average number of ratings": "头部平均评分数",
  "Top-N average monthly ratings growth": "头部平均月新增评分数",
  "Top-N average rating": "头部平均评分",
  "New products' share (2.63 = 2.63 %)": "新品占比（2.63 = 2.63%）",
  "New products' average units": "新品平均销量",
  "New products' average revenue": "新品平均销售额",
  "New products' average price": "新品平均价格",
  "New products' average number of ratings": "新品平均评分数",
  "New products' fewest ratings": "新品最少评分数",
  "New products' most ratings": "新品最多评分数",
  "New products' average rating": "新品平均评分",
  "Earliest listing date, a date": "最早上架日期，日期",
  "Latest listing date, a date": "最晚上架日期，日期",
};
