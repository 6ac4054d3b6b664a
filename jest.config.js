/**
 * One jest run covers unit tests (Node), contract tests against the simulator over real HTTP, and browser tests
 * (playwright-core driving Debian's chromium) in test/browser. TypeScript is transpiled only; `npm run typecheck`
 * does the type checking once for the whole tree.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.tsx?$": [
      "ts-jest",
      {
        isolatedModules: true,
        tsconfig: { module: "commonjs", moduleResolution: "node", jsx: "react-jsx", esModuleInterop: true, target: "ES2022" },
      },
    ],
  },
  testTimeout: 20000,
};
