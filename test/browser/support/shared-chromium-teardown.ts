/** The browser project's globalTeardown (see shared-chromium.ts). */
export { teardown as default } from "./shared-chromium";
