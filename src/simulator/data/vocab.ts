/**
 * Word lists the generators draw from: a small category tree with real node ids, product nouns, keyword
 * modifiers with Chinese and Japanese renderings, seller countries and marketplace facts (domain, currency).
 * Plausible, not exhaustive: unknown node ids get deterministic names from GENERIC_NODE_LABELS.
 */
import type { Marketplace } from "../../api/catalog-types";

export interface CategoryNode {
  readonly id: string;
  readonly label: string;
  readonly labelCn: string;
  /** Best-seller-rank category id of the root (`bsrId`). */
  readonly bsrId?: string;
  /** Product nouns for titles and keywords. */
  readonly nouns: readonly string[];
  readonly children?: readonly CategoryNode[];
}

const node = (
  id: string,
  label: string,
  labelCn: string,
  nouns: readonly string[],
  children: CategoryNode[] = [],
  bsrId?: string,
): CategoryNode => ({
  id,
  label,
  labelCn,
  nouns,
  children,
  ...(bsrId ? { bsrId } : {}),
});

export const CATEGORY_TREE: readonly CategoryNode[] = [
  node(
    "172282",
    "Electronics",
    "电子产品",
    ["usb c cable", "wireless earbuds", "hdmi cable", "power bank"],
    [
      node("281407", "Accessories & Supplies", "辅料", ["cable organizer", "screen cleaner", "usb hub"]),
      node("502394", "Camera & Photo", "相机和照片", ["camera bag", "tripod", "ring light"]),
      node("667846011", "Headphones", "耳机", ["headphones", "earbuds", "headset"]),
    ],
    "electronics",
  ),
  node(
    "1055398",
    "Home & Kitchen",
    "家居厨房",
    ["storage bins", "throw pillow", "bath mat"],
    [
      node(
        "1063236",
        "Bath",
        "浴室",
        ["bath mat", "shower caddy", "towel set"],
        [node("1063242", "Bath Rugs", "浴室地毯", ["bath rug", "bath mat"])],
      ),
      node("284507", "Kitchen & Dining", "厨房和餐厅", ["water bottle", "knife set", "cutting board", "coffee mug"]),
      node("1063306", "Furniture", "家具", ["bookshelf", "desk chair", "side table"]),
    ],
    "home-garden",
  ),
  node(
    "3760911",
    "Beauty & Personal Care",
    "美容个护",
    ["makeup brush", "hair dryer", "nail polish"],
    [
      node(
        "11062741",
        "Tools & Accessories",
        "工具和配件",
        ["makeup bag", "hair clips"],
        [
          node(
            "11062751",
            "Bags & Cases",
            "包和箱",
            ["makeup bag", "toiletry bag"],
            [node("11062771", "Cosmetic Bags", "化妆包", ["cosmetic bag", "makeup bag"])],
          ),
        ],
      ),
      node("11058281", "Makeup", "化妆品", ["lip gloss", "mascara", "eyeshadow palette"]),
    ],
    "beauty",
  ),
  node(
    "2335752011",
    "Cell Phones & Accessories",
    "手机及配件",
    ["phone case", "screen protector", "phone charger"],
    [
      node(
        "2407755011",
        "Accessories",
        "配件",
        ["phone stand", "car phone holder"],
        [node("23690036011", "Stands", "支架", ["phone stand", "phone holder"])],
      ),
      node("7072561011", "Cases, Holsters & Sleeves", "手机壳", ["phone case", "wallet case"]),
    ],
    "wireless",
  ),
  node(
    "3375251",
    "Sports & Outdoors",
    "运动户外",
    ["yoga mat", "resistance bands", "water bottle"],
    [node("3407731", "Fitness & Exercise Equipment", "健身器材", ["dumbbells", "jump rope", "yoga mat"])],
    "sporting-goods",
  ),
  node(
    "165793011",
    "Toys & Games",
    "玩具游戏",
    ["building blocks", "puzzle", "plush toy"],
    [node("166359011", "Puzzles", "拼图", ["jigsaw puzzle", "puzzle"])],
    "toys-and-games",
  ),
  node(
    "2619533011",
    "Pet Supplies",
    "宠物用品",
    ["dog toy", "cat bed", "dog leash"],
    [node("2975312011", "Dogs", "狗", ["dog toy", "dog bed", "dog harness"])],
    "pet-supplies",
  ),
];

/** Names for node ids the tree does not know, chosen by a hash of the id. */
export const GENERIC_NODE_LABELS: readonly (readonly [string, string])[] = [
  ["Storage & Organization", "收纳整理"],
  ["Outdoor Recreation", "户外休闲"],
  ["Office Products", "办公用品"],
  ["Arts & Crafts", "艺术与手工"],
  ["Travel Accessories", "旅行配件"],
  ["Garden & Outdoor", "庭院户外"],
  ["Automotive", "汽车用品"],
  ["Baby Products", "母婴用品"],
  ["Lighting", "照明"],
  ["Party Supplies", "派对用品"],
];

export const DEPARTMENTS: readonly (readonly [string, string])[] = [
  ["hpc", "Health, Household & Baby Care"],
  ["grocery", "Grocery & Gourmet Food"],
  ["electronics", "Electronics"],
  ["wireless", "Cell Phones & Accessories"],
  ["garden", "Home & Kitchen"],
  ["beauty", "Beauty & Personal Care"],
  ["toys-and-games", "Toys & Games"],
  ["sporting", "Sports & Outdoors"],
  ["pets", "Pet Supplies"],
  ["office-products", "Office Products"],
  ["fashion", "Clothing, Shoes & Jewelry"],
  ["automotive", "Automotive"],
];

/** Words put before a topic to derive keywords and titles. */
export const PREFIXES: readonly string[] = [
  "",
  "wireless",
  "portable",
  "adjustable",
  "small",
  "large",
  "heavy duty",
  "waterproof",
  "foldable",
  "magnetic",
  "premium",
  "mini",
  "rechargeable",
  "black",
  "white",
  "pink",
  "stainless steel",
  "silicone",
  "wooden",
  "leather",
  "cute",
  "travel",
  "kids",
  "bulk",
  "2 pack",
  "best",
  "cheap",
  "organic",
  "universal",
  "clear",
  "soft",
];

/** Words put after a topic. */
export const SUFFIXES: readonly string[] = [
  "",
  "set",
  "holder",
  "organizer",
  "kit",
  "case",
  "cover",
  "stand",
  "bag",
  "pack",
  "refill",
  "replacement",
  "accessories",
  "for women",
  "for men",
  "for kids",
  "for car",
  "for desk",
  "for home",
  "for travel",
  "with lid",
  "with handle",
  "gift",
  "large capacity",
  "bundle",
  "xl",
  "2024",
  "for adults",
  "for girls",
  "for boys",
  "starter kit",
];

/** Chinese and Japanese renderings of common words; other words stay as they are (as live data often does). */
export const TRANSLATIONS: Readonly<Record<string, readonly [string, string]>> = {
  phone: ["手机", "電話"],
  case: ["壳", "ケース"],
  stand: ["支架", "スタンド"],
  holder: ["支架", "ホルダー"],
  charger: ["充电器", "充電器"],
  cable: ["线", "ケーブル"],
  wireless: ["无线", "ワイヤレス"],
  earbuds: ["耳塞", "イヤホン"],
  screen: ["屏幕", "スクリーン"],
  protector: ["保护器", "プロテクター"],
  bag: ["包", "バッグ"],
  makeup: ["化妆", "メイク"],
  bath: ["浴室", "バス"],
  mat: ["垫", "マット"],
  rug: ["地毯", "ラグ"],
  water: ["水", "水"],
  bottle: ["瓶", "ボトル"],
  dog: ["狗", "犬"],
  cat: ["猫", "猫"],
  toy: ["玩具", "おもちゃ"],
  bed: ["床", "ベッド"],
  yoga: ["瑜伽", "ヨガ"],
  kids: ["儿童", "子供"],
  child: ["孩子", "子供"],
  women: ["女士", "レディース"],
  men: ["男士", "メンズ"],
  for: ["用于", "用"],
  desk: ["桌子", "デスク"],
  car: ["汽车", "車"],
  travel: ["旅行", "旅行"],
  portable: ["便携式", "ポータブル"],
  small: ["小", "小さい"],
  large: ["大", "大きい"],
  black: ["黑色", "黒"],
  white: ["白色", "白"],
  pink: ["粉色", "ピンク"],
  set: ["套装", "セット"],
  kit: ["套件", "キット"],
  cover: ["盖", "カバー"],
  gift: ["礼物", "ギフト"],
  mini: ["迷你", "ミニ"],
  waterproof: ["防水", "防水"],
  adjustable: ["可调节", "調節可能"],
  organizer: ["收纳盒", "オーガナイザー"],
  usb: ["USB", "USB"],
  test: ["测试", "テスト"],
  home: ["家", "ホーム"],
  storage: ["储物", "収納"],
  light: ["灯", "ライト"],
  puzzle: ["拼图", "パズル"],
  headphones: ["耳机", "ヘッドホン"],
  tripod: ["三脚架", "三脚"],
  pillow: ["枕头", "枕"],
  chair: ["椅子", "椅子"],
  brush: ["刷子", "ブラシ"],
  hair: ["头发", "ヘア"],
  mug: ["杯子", "マグ"],
  coffee: ["咖啡", "コーヒー"],
  knife: ["刀", "ナイフ"],
};

/** Seller country codes with the localized names the service shows in the seller-country distribution. */
export const COUNTRIES: readonly (readonly [string, string])[] = [
  ["CN", "中国"],
  ["US", "美国"],
  ["HK", "中国香港"],
  ["TW", "中国台湾"],
  ["CA", "加拿大"],
  ["JP", "日本"],
  ["DE", "德国"],
  ["GB", "英国"],
  ["FR", "法国"],
  ["IN", "印度"],
  ["IT", "意大利"],
  ["ES", "西班牙"],
  ["KR", "韩国"],
];
export const UNKNOWN_COUNTRY = "未知";

export const RATING_COUNT_BUCKETS: readonly (readonly [string, number, number])[] = [
  ["无评分数", 0, 0],
  ["1-50", 1, 50],
  ["50-100", 50, 100],
  ["100-200", 100, 200],
  ["200-300", 200, 300],
  ["300-500", 300, 500],
  ["500以上", 500, 20000],
];

export const COLORS: readonly string[] = [
  "Black",
  "White",
  "Navy",
  "Grey",
  "Pink",
  "Beige",
  "Green",
  "Clear",
  "Blue",
  "Red",
];
export const SIZES: readonly string[] = ["Small", "Medium", "Large", "X-Large", "One Size", "2 Pack", "Standard"];
export const SYLLABLES: readonly string[] = [
  "na",
  "rw",
  "ey",
  "ol",
  "an",
  "ly",
  "po",
  "co",
  "ac",
  "ce",
  "cr",
  "af",
  "ta",
  "mi",
  "zu",
  "ke",
  "lo",
  "vi",
  "sa",
  "ro",
  "ex",
  "on",
  "qu",
  "iv",
];

export interface MarketFacts {
  readonly domain: string;
  readonly currencySymbol: string;
  /** Prices are drawn in US dollars and scaled by this factor (JPY and INR are much larger numbers). */
  readonly priceFactor: number;
  /** Decimals of prices: none for JPY and INR. */
  readonly priceDecimals: number;
  /** Weights and sizes are shown in pounds/inches here, grams/centimetres elsewhere. */
  readonly imperial: boolean;
  /** Relative market size (search and unit volumes). */
  readonly volume: number;
}

export const MARKET_FACTS: Readonly<Record<Marketplace, MarketFacts>> = {
  US: { domain: "www.amazon.com", currencySymbol: "$", priceFactor: 1, priceDecimals: 2, imperial: true, volume: 1 },
  JP: {
    domain: "www.amazon.co.jp",
    currencySymbol: "￥",
    priceFactor: 150,
    priceDecimals: 0,
    imperial: false,
    volume: 0.35,
  },
  UK: {
    domain: "www.amazon.co.uk",
    currencySymbol: "£",
    priceFactor: 0.8,
    priceDecimals: 2,
    imperial: false,
    volume: 0.3,
  },
  DE: {
    domain: "www.amazon.de",
    currencySymbol: "€",
    priceFactor: 0.92,
    priceDecimals: 2,
    imperial: false,
    volume: 0.35,
  },
  FR: {
    domain: "www.amazon.fr",
    currencySymbol: "€",
    priceFactor: 0.92,
    priceDecimals: 2,
    imperial: false,
    volume: 0.2,
  },
  IT: {
    domain: "www.amazon.it",
    currencySymbol: "€",
    priceFactor: 0.92,
    priceDecimals: 2,
    imperial: false,
    volume: 0.15,
  },
  ES: {
    domain: "www.amazon.es",
    currencySymbol: "€",
    priceFactor: 0.92,
    priceDecimals: 2,
    imperial: false,
    volume: 0.15,
  },
  CA: {
    domain: "www.amazon.ca",
    currencySymbol: "C$",
    priceFactor: 1.37,
    priceDecimals: 2,
    imperial: false,
    volume: 0.12,
  },
  IN: {
    domain: "www.amazon.in",
    currencySymbol: "₹",
    priceFactor: 83,
    priceDecimals: 0,
    imperial: false,
    volume: 0.25,
  },
};
