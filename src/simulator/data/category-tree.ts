/**
 * The simulator's one category tree, with real node ids near the top (deeper ids are plausible, not real): every
 * operation that names a category draws from it, and the category lookup searches it. Plausible, not exhaustive:
 * unknown node ids get deterministic names from GENERIC_NODE_LABELS.
 */
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
    [
      node(
        "3407731",
        "Fitness & Exercise Equipment",
        "健身器材",
        ["dumbbells", "jump rope", "yoga mat"],
        [
          node(
            "3422251",
            "Yoga",
            "瑜伽",
            ["yoga mat", "yoga block", "yoga strap"],
            [
              node("3422301", "Mats", "瑜伽垫", ["yoga mat", "exercise mat"]),
              node("3422311", "Blocks", "瑜伽砖", ["yoga block", "foam block"]),
              node("3422321", "Straps", "瑜伽伸展带", ["yoga strap", "stretch strap"]),
            ],
          ),
          node("3407981", "Strength Training Equipment", "力量训练器材", ["dumbbells", "kettlebell"]),
        ],
      ),
      node("706814011", "Outdoor Recreation", "户外休闲", ["camping tent", "hiking backpack"]),
    ],
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
