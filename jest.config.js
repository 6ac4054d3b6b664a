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
        // isolatedModules: transpile file by file (fast); `npm run typecheck` checks types once for the whole tree.
        tsconfig: {
          module: "commonjs",
          moduleResolution: "node",
          jsx: "react-jsx",
          esModuleInterop: true,
          target: "ES2022",
          isolatedModules: true,
        },
      },
    ],
  },
  testTimeout: 20000,
};
