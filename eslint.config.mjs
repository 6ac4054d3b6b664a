// Lint rules: the Office add-in recommendations (eslint-plugin-office-addins: Excel API misuse such as reading
// before context.sync), typescript-eslint's recommended rules, and React's rules for the task pane. `npm run lint`
// runs this through office-addin-lint over src/, test/, scripts/ and bench/, then `prettier --check` over the same
// files: the recommendations' prettier rule is off here, as Prettier on its own reads TypeScript with its oxc parser
// (.prettierrc.json), the same formatting for 14 CPU-s where the rule took 19 (and ESLint 42 with it, 23 without).
import officeAddins from "eslint-plugin-office-addins";
import react from "eslint-plugin-react";
import tseslint from "typescript-eslint";

/**
 * Adapts a block of the office-addins recommended config: it names only .js/.ts-style files (the task pane is .tsx),
 * and it bundles typescript-eslint 8.8, whose rules crash on ESLint 9.39, so its parser and plugin are swapped for the
 * project's typescript-eslint (one "@typescript-eslint" plugin in the whole config).
 */
function adaptOfficeAddinsBlock(config) {
  if (!config.files) return config;
  const plugins = config.plugins?.["@typescript-eslint"]
    ? { ...config.plugins, "@typescript-eslint": tseslint.plugin }
    : config.plugins;
  const languageOptions = config.languageOptions?.parser
    ? { ...config.languageOptions, parser: tseslint.parser }
    : config.languageOptions;
  return { ...config, files: [...config.files, "**/*.tsx"], plugins, languageOptions };
}

export default [
  { ignores: ["dist/**", "coverage/**", "node_modules/**", "test-results/**"] },
  ...officeAddins.configs.recommended.map(adaptOfficeAddinsBlock),
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { ecmaVersion: "latest" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "prettier/prettier": "off",
    },
  },
  {
    // Functions stay short enough to read at once: a long one is split by concern (a panel's state in a hook or a
    // reducer, a control per field type, a handler per route). Tests are exempt: a test reads as its one scenario.
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
  },
  { files: ["**/*.tsx"], ...react.configs.flat["jsx-runtime"] },
  {
    files: ["scripts/**/*.ts", "test/**/*.ts"],
    // Node scripts and jest tests run as CommonJS under tsx and jest (esbuild transpiles).
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
];
