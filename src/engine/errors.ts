/**
 * The engine's own failures, in the client's hierarchy (MadError with kind, advice, retryable), so the faces map
 * every rejection of the engine through one path.
 */
import { MadError } from "../api/errors";
import { TASK_PANE_PLACE } from "../api/ribbon";

/** No `mad.secret` is set: nothing is sent. */
export class MissingSecretError extends MadError {
  constructor() {
    super("missingSecret", "No API secret is set", {
      advice: `Open ${TASK_PANE_PLACE} and enter your API secret.`,
      retryable: false,
    });
  }
}

/** A cacheOnly query (formula value preview) whose pages are not all cached: no call is spent. */
export class CacheMissError extends MadError {
  constructor() {
    super("cacheMiss", "Not in the cache yet", {
      advice: "The result is fetched when the formula is entered; previews never spend a call.",
      retryable: false,
    });
  }
}
