/**
 * A product's reviews as the review operation pages them: newest first, dated at midnight China time, stars
 * spread around the product's rating, a few with images or a video, most from verified purchases. `starList` and
 * `typeList` (1 images, 2 video, 3 verified purchase, 4 Vine) narrow them; pages hold at most 10 (default 5).
 */
import { mix, Rng } from "./prng";
import { dayOf, today, type ProductProfile } from "./asin-profile";
import { DAY_MS } from "./values";

const FIRST_NAMES = [
  "Sarah",
  "Mike",
  "Jen",
  "David",
  "Amanda",
  "Chris",
  "Linda",
  "Tom",
  "Emily",
  "Kevin",
  "Rosa",
  "Ben",
];
const GOOD = [
  ["Exactly what I needed", "Works great and feels well made. Would buy again."],
  ["Great value", "Does the job for a fair price. Shipping was fast."],
  ["Love it", "Looks even better than the pictures. My family uses it every day."],
  ["Solid product", "Sturdy, simple to set up, no complaints after a month."],
];
const MIXED = [["It's okay", "Fine for the price, but the finish could be better."]];
const BAD = [
  ["Stopped working", "Worked for two weeks, then quit. Disappointed."],
  ["Not as described", "Smaller than it looks in the photos and the color is off."],
];

interface Review {
  readonly date: number;
  readonly star: number;
  readonly image: boolean;
  readonly video: boolean;
  readonly verified: boolean;
  readonly vine: boolean;
  readonly index: number;
}

/** How many stars a review gives, leaning on the product's rating. */
function starsFor(rng: Rng, rating: number): number {
  const roll = rng.next();
  const five = Math.max(0.2, (rating - 3) / 2);
  if (roll < five) return 5;
  if (roll < five + 0.2) return 4;
  if (roll < five + 0.3) return 3;
  if (roll < five + 0.38) return 2;
  return 1;
}

function reviewsOf(p: ProductProfile, now: number, chinaDay: (day: number) => number): Review[] {
  const count = Math.min(400, Math.round(today(p).ratings * 0.3));
  const rng = new Rng(mix(p.seed, 41));
  const first = dayOf(p.firstRatingAt);
  const span = Math.max(1, Math.floor((dayOf(now) - first) / DAY_MS));
  const days = Array.from({ length: count }, () => first + rng.int(0, span) * DAY_MS).sort((a, b) => b - a);
  return days.map((day, index) => ({
    date: chinaDay(day),
    star: starsFor(rng, today(p).rating),
    image: rng.chance(0.15),
    video: rng.chance(0.03),
    verified: rng.chance(0.9),
    vine: rng.chance(0.03),
    index,
  }));
}

const TYPE_TEST: Readonly<Record<number, (r: Review) => boolean>> = {
  1: (r) => r.image,
  2: (r) => r.video,
  3: (r) => r.verified,
  4: (r) => r.vine,
};

function materialize(p: ProductProfile, r: Review): Record<string, unknown> {
  const rng = new Rng(mix(p.seed, 1000 + r.index));
  const [title, content] = rng.pick(r.star >= 4 ? GOOD : r.star === 3 ? MIXED : BAD);
  const imageId = () => rng.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 11);
  return {
    date: r.date,
    star: r.star,
    title,
    content,
    author: `${rng.pick(FIRST_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}.`,
    authorLabels: rng.chance(0.05) ? ["Top 1000 Reviewer"] : [],
    skus: [p.variants[rng.int(0, p.variants.length - 1)].attribute],
    likes: rng.chance(0.6) ? 0 : rng.logUniform(1, 300),
    verified: r.verified,
    vine: r.vine,
    free: r.vine,
    experience: rng.chance(0.02),
    image: r.image,
    video: r.video,
    images: r.image ? [`https://m.media-amazon.com/images/I/${imageId()}L._SY88.jpg`] : [],
    videos: r.video ? [`https://m.media-amazon.com/images/S/vse-vms-transcoding-artifact/${imageId()}.mp4`] : [],
  };
}

/** The page of reviews a request asks for, in the service's page object. */
export function reviewPage(
  p: ProductProfile,
  params: Readonly<Record<string, unknown>>,
  now: number,
  chinaDay: (day: number) => number,
): Record<string, unknown> {
  const stars = Array.isArray(params.starList) ? (params.starList as number[]) : [];
  const types = Array.isArray(params.typeList) ? (params.typeList as number[]) : [];
  const matching = reviewsOf(p, now, chinaDay).filter(
    (r) => (!stars.length || stars.includes(r.star)) && (!types.length || types.some((t) => TYPE_TEST[t]?.(r))),
  );
  const page = typeof params.page === "number" ? params.page : 1;
  const size = typeof params.size === "number" ? params.size : 5;
  const items = matching.slice((page - 1) * size, page * size).map((r) => materialize(p, r));
  return {
    total: matching.length,
    page,
    size,
    pages: Math.ceil(matching.length / size),
    order: { field: "date", desc: true },
    items,
  };
}
