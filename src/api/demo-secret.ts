/**
 * The local simulator's documented demo secret. It lives with the API vocabulary so that both the simulator (Node)
 * and the preview page (a browser bundle) can use it without one importing the other. Safe to print and to put in
 * examples: only the local simulator accepts it.
 */
export const DEMO_SECRET = "demo0000000000000000000000000000";
