export const DEMO_SECRET = "temporary-dev-secret";
