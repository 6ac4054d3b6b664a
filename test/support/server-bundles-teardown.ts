/** The unit project's globalTeardown (see server-bundles.ts). */
export { teardown as default } from "./server-bundles";
