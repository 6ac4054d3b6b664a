/**
 * RichApi errors as office.js raises them: every failure of a batch surfaces at `context.sync()` (or, for a
 * property read before it was loaded and synced, at the read), with a `code` add-ins branch on and Excel's own
 * message. Codes and messages: https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-error-handling
 */

export class RichApiError extends Error {
  override readonly name = "RichApi.Error";
  readonly debugInfo: { code: string; message: string };

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.debugInfo = { code, message };
  }
}

/**
 * Reading a property that was not loaded (load + sync) throws, as office.js does
 * (https://learn.microsoft.com/office/dev/add-ins/develop/application-specific-api-model#load).
 */
export const propertyNotLoaded = (property: string) =>
  new RichApiError(
    "PropertyNotLoaded",
    `The property '${property}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );

export const itemNotFound = (what: string) =>
  new RichApiError("ItemNotFound", `The requested resource doesn't exist. (${what})`);

export const invalidArgument = (why: string) =>
  new RichApiError("InvalidArgument", `The argument is invalid or missing or has an incorrect format. (${why})`);

export const invalidOperation = (why: string) =>
  new RichApiError("InvalidOperation", `This operation is not permitted for the current object. (${why})`);

export const invalidSelection = () =>
  new RichApiError("InvalidSelection", "The current selection is invalid for this operation.");

export const apiNotFound = (api: string, set: string) =>
  new RichApiError("ApiNotFound", `The API you are trying to use could not be found. (${api} needs ${set})`);

export const requestTooLarge = (bytes: number) =>
  new RichApiError(
    "RequestPayloadSizeLimitExceeded",
    `The request payload size has exceeded the limit. (${bytes} bytes in one sync)`,
  );

export const responseTooLarge = (bytes: number) =>
  new RichApiError(
    "ResponsePayloadSizeLimitExceeded",
    `The response payload size has exceeded the limit. (${bytes} bytes in one sync)`,
  );
