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
  // operation market_seller_type_concentration
  "Seller-type distribution": "卖家类型分布",
  "Products, units and ratings of a category by seller type: Amazon itself, FBA and FBM sellers.":
    "类目按卖家类型（亚马逊自营、FBA 卖家、FBM 卖家）的商品数、销量和评分。",
  // operation market_product_demand_trend
  "Demand trend": "需求趋势",
  "Monthly page views of a category, with its return rate and search-to-purchase ratio beside its peers'.":
    "类目每月的页面浏览量，以及退货率和搜索购买比，并与同类对比。",
  // operation market_listing_date_distribution
  "Listing-age distribution": "上架时长分布",
  "Products, units and revenue of a category by how long ago they were listed (under a month ... over 3 years).":
    "类目按上架时长（不到 1 个月……3 年以上）的商品数、销量和销售额。",
  // operation market_rating_distribution
  "Rating distribution": "评分值分布",
  "Products, units and revenue of a category by rating value (4.5 and over, 4-4.5...).":
    "类目按评分值（4.5 及以上、4–4.5……）的商品数、销量和销售额。",
  // operation market_price_distribution
  "Price distribution": "价格分布",
  "Products, units and revenue of a category by price band, in the marketplace's currency.":
    "类目按价格区间（站点币种）的商品数、销量和销售额。",
  // operation market_research
  "Market research (niches)": "选市场（细分市场）",
  "Categories (niches) that pass a screen of demand, competition, brand concentration, price and new products, ranked.":
    "按需求、竞争、品牌集中度、价格和新品筛选出的类目（细分市场），并排序。",
  "Only niches under this category: node ids joined by ':', e.g. 172282:281407.":
    "只看该类目下的细分市场：以“:”连接的节点 ID，例如 172282:281407。",
  "Words of the category path, e.g. Electronics:Accessories & Supplies.":
    "类目路径中的词，例如 Electronics:Accessories & Supplies。",
  "Category words": "类目关键词",
  "Top listings the head figures are computed over (default 10).": "计算头部指标所用的头部 Listing 数（默认 10）。",
  "Months a listing counts as new (default 3).": "上架多少个月以内算新品（默认 3）。",
  "Most sellers' country codes, comma-separated (e.g. CN, US).": "多数卖家所属国家代码，以逗号分隔（例如 CN, US）。",
  "Most sellers from": "多数卖家来自",
  "Fulfillment, comma-separated among AMZ (Amazon itself), FBA, FBM.":
    "配送方式，以逗号分隔，可选 AMZ（亚马逊自营）、FBA、FBM。",
  "Sold by Amazon": "亚马逊自营",
  "average units a month (demand)": "平均月销量（需求）",
  "average number of ratings": "平均评分数",
  "average best-seller rank": "平均 BSR 排名",
  "top listings' average units a month": "头部 Listing 平均月销量",
  "top listings' average best-seller rank": "头部 Listing 平均 BSR 排名",
  brands: "品牌数",
  sellers: "卖家数",
  "new products": "新品数",
  "new products' average number of ratings": "新品平均评分数",
  "average revenue a month": "平均月销售额",
  "average gross margin, 0 to 100": "平均毛利率，0 到 100",
  "average weight": "平均重量",
  "average volume": "平均体积",
  "top listings' average revenue a month": "头部 Listing 平均月销售额",
  "average sellers per product": "每个商品的平均卖家数",
  "product concentration, 0 to 100 (the top listings' share of units)":
    "商品集中度，0 到 100（头部 Listing 的销量占比）",
  "brand concentration, 0 to 100 (the top brands' share of units)": "品牌集中度，0 到 100（头部品牌的销量占比）",
  "seller concentration, 0 to 100 (the top sellers' share of units)": "卖家集中度，0 到 100（头部卖家的销量占比）",
  "share of products with A+ content, 0 to 100": "带 A+ 页面的商品占比，0 到 100",
  "share fulfilled by Amazon (FBA), 0 to 100": "FBA 配送占比，0 到 100",
  "share fulfilled by the merchant (FBM), 0 to 100": "FBM 自发货占比，0 到 100",
  "share sold by Amazon itself, 0 to 100": "亚马逊自营占比，0 到 100",
  "new products' share, 0 to 100": "新品占比，0 到 100",
  "new products' average price": "新品平均价格",
  "new products' average rating": "新品平均评分值",
  "new products' average units a month": "新品平均月销量",
  "new products' average revenue a month": "新品平均月销售额",
  "Rows per page (default 50, at most 200).": "每页行数（默认 50，最多 200）。",
  // record sellerType
  "Seller type": "卖家类型",
  "Products of this type": "该类型的商品数",
  "Share of products": "商品数占比",
  "Units a month": "月销量",
  "Products in the sample": "样本商品数",
  // record demandTrend
  "Month of the page views (sent as yyyy-MM-dd)": "页面浏览量所属月份（服务以 yyyy-MM-dd 发送）",
  "Page views": "页面浏览量",
  "Products in the category (sent as text)": "类目商品数（服务以文本发送）",
  "Return rate, 0 to 100 (sent as text)": "退货率，0 到 100（服务以文本发送）",
  "Return rate of the category's peers, 0 to 100": "同类类目的退货率，0 到 100",
  "Search-to-purchase ratio, per mille": "搜索购买比，千分数",
  "Search-to-purchase ratio of the peers, per mille": "同类类目的搜索购买比，千分数",
  // records listingAge, ratingBand, priceBand
  "Listing-age band": "上架时长区间",
  "Listing-age band as the service names it": "服务给出的上架时长区间名称",
  "Rating band": "评分值区间",
  "Price band, in the marketplace's currency": "价格区间（站点币种）",
  // record niche
  "Rank among the niches found": "在找到的细分市场中的排名",
  "Category name": "类目名称",
  "Category name, localized": "类目名称（本地化）",
  "Units a month, all products": "全部商品的月销量",
  "Revenue a month, all products": "全部商品的月销售额",
  "Average units a month": "平均月销量",
  "Average revenue a month": "平均月销售额",
  "Brand concentration, 0 to 100 (the top brands' share of units)": "品牌集中度，0 到 100（头部品牌的销量占比）",
  "New products' share, 0 to 100": "新品占比，0 到 100",
  "Average gross margin, 0 to 100": "平均毛利率，0 到 100",
  "Share of products with A+ content, 0 to 100": "带 A+ 页面的商品占比，0 到 100",
  "Share sold by Amazon itself, 0 to 100": "亚马逊自营占比，0 到 100",
  "Share fulfilled by Amazon (FBA), 0 to 100": "FBA 配送占比，0 到 100",
  "Share fulfilled by the merchant (FBM), 0 to 100": "FBM 自发货占比，0 到 100",
  "Most sellers' country code": "多数卖家所属国家代码",
  "Most sellers' country": "多数卖家所属国家",
  "Share of that country's sellers, 0 to 100": "该国卖家占比，0 到 100",
  "Return rate, 0 to 100": "退货率，0 到 100",
  "Top brands": "头部品牌",
  "Top sellers": "头部卖家",
  "The top 10 products' images": "前 10 名商品的图片",
};
