/**
 * The simulator's documented demo secret, in a module without Node imports so the preview page (a browser
 * bundle) can seed it. Safe to print and to put in examples: only the local simulator accepts it.
 */
export const DEMO_SECRET = "demo0000000000000000000000000000";
