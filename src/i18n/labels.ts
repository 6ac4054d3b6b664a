/**
 * Labels the service sends in Chinese from known sets (seller countries, rating-count and A+/video buckets,
 * listing ages, rating and price bands, seller types, trademark offices and Nice classes): a Chinese reader sees
 * them as the service sends them, anyone else in English, so a report reads in one language. Text outside the known
 * sets is kept as sent: a wrong translation would be worse than the original. Applied where a value is shown
 * (src/table/cells.ts), never to what is fetched and cached, so switching language changes what cells show without
 * fetching again.
 *
 * The English names (./service-labels.ts) are a chunk of their own: a formula whose columns carry such labels loads
 * them before it shapes its answer (src/functions/runner.ts), the task pane before it first renders.
 */
import { currentLocale } from "./locale";

let english: ((text: string) => string) | undefined;
let loading: Promise<void> | undefined;

/** Loads the English names once; later calls wait for the same load, and a failed load may be tried again. */
export function loadServiceLabels(): Promise<void> {
  loading ??= import(/* webpackChunkName: "service-labels" */ "./service-labels").then(
    (module) => void (english = module.englishLabel),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether answers with these fields show labels from the known sets (and so need the English names loaded). */
export const carriesServiceLabels = (fields: readonly { readonly serviceLabel?: boolean }[]): boolean =>
  fields.some((field) => field.serviceLabel === true);

/**
 * A label as the active language reads it: as sent in Chinese, else in English. Until the English names are loaded
 * it is kept as sent, as unknown text is.
 */
export const serviceLabel = (text: string): string => (currentLocale() === "zh-CN" || !english ? text : english(text));
