/**
 * Precompiles a message catalog (src/i18n/messages/<locale>/<book>.ts) to ASTs at build time: the module is
 * bundled with esbuild and evaluated here, every ICU MessageFormat text it exports is parsed with
 * @formatjs/icu-messageformat-parser, and the module the bundle gets exports the same objects with each text
 * replaced by its AST (compacted, see below). intl-messageformat formats an AST without parsing, so webpack.config.js aliases the parser
 * to its no-parser build (FormatJS's "Advanced usage": pre-parsing messages), and no bundle ships the parser.
 * Texts are `message()` entries ({ text, args }) in the English catalogs and plain strings in translations.
 */
const { buildSync } = require("esbuild");
const { parse } = require("@formatjs/icu-messageformat-parser");

/** The same options src/i18n/book.ts gives intl-messageformat when it parses at run time (tests). */
const PARSE_OPTIONS = { ignoreTag: true };

const isMessage = (value) =>
  typeof value === "object" && value !== null && typeof value.text === "string" && typeof value.args === "object";

/**
 * An AST with its literal elements as plain strings (`{type: 0, value: "x"}` -> `"x"`, in plural and select options
 * too): about a third smaller; src/i18n/book.ts turns them back before formatting. A message with nothing but text
 * stays a one-string array, which the book shows without a formatter.
 */
function compact(elements) {
  return elements.map((element) => {
    if (element.type === 0) return element.value;
    if (element.options) {
      const options = {};
      for (const [key, option] of Object.entries(element.options)) options[key] = { value: compact(option.value) };
      return { ...element, options };
    }
    if (element.children) return { ...element, children: compact(element.children) };
    return element;
  });
}

/** A catalog object with every text parsed; anything that is not a catalog is an error, not passed through. */
function compiledCatalog(name, catalog, file) {
  const out = {};
  for (const [id, entry] of Object.entries(catalog)) {
    const text = typeof entry === "string" ? entry : isMessage(entry) ? entry.text : undefined;
    if (text === undefined) throw new Error(`${file}: ${name}.${id} is neither a message() nor a string`);
    let ast;
    try {
      ast = parse(text, PARSE_OPTIONS);
    } catch (error) {
      throw new Error(`${file}: ${name}.${id} is not valid ICU MessageFormat (${error.message})`);
    }
    // The English catalogs' arguments are for the compiler and the tests; the bundle needs only the text.
    out[id] = compact(ast);
  }
  return out;
}

module.exports = function icuCatalogLoader() {
  const file = this.resourcePath;
  const built = buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "cjs",
    platform: "neutral",
    metafile: true,
    logLevel: "silent",
  });
  for (const input of Object.keys(built.metafile.inputs)) this.addDependency(require("path").resolve(input));
  const module = { exports: {} };
  new Function("module", "exports", built.outputFiles[0].text)(module, module.exports);
  const lines = Object.entries(module.exports).map(
    ([name, catalog]) => `export const ${name} = ${JSON.stringify(compiledCatalog(name, catalog, file))};`,
  );
  return lines.join("\n");
};
