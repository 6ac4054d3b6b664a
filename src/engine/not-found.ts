/**
 * A lookup's key the service's answer lacks (src/api/lookups/): "B0… was not found in marketplace US", #N/A in its
 * cell. An engine failure like those of ./errors.ts (its kind is registered there), kept in a module of its own
 * because only the lookup functions (their chunk, loaded on demand) and the docs name it.
 */
import { errorText, MadError, type ErrorKindRow } from "../api/errors";
import { t } from "../i18n/lookups";

const NOT_FOUND: ErrorKindRow<{ key: string; market: string }> = {
  name: "NotFoundError",
  summary: ({ key, market }) => t("error.notFound.summary", { key, market }),
  advice: () => t("error.notFound.advice"),
  retryable: false,
};

export class NotFoundError extends MadError {
  constructor(key: string, market: string) {
    super("notFound", errorText(NOT_FOUND, { key, market }));
  }
}
