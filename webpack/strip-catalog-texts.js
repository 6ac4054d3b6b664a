/**
 * A webpack loader for the catalog's modules (src/api/catalog/*.ts, src/api/records/*.ts, src/api/params.ts): it
 * empties the words written for people (operations' titles and descriptions, parameters' and fields' docs, option
 * labels), so the functions bundle Excel loads when a workbook opens carries only what goes on the wire. The words
 * stay in the sources, where a row is written once; `npm run gen:functions` copies them into
 * src/api/generated/catalog-texts.json, a chunk of its own that puts them back into the rows when the task pane (or
 * `headers=labels`) first needs them (src/api/words/texts.ts).
 *
 * What counts as words, read from the TypeScript syntax tree (the sources are never parsed with patterns):
 * - in an object literal, the value of a `title`, `description`, `doc` or `label` property;
 * - the doc argument of the row builders (`str("brand", "Brand name.")`, `s("asin", "Product id")`,
 *   `asinList("asins", 40, "...")`, `matchType(2, options, "...")`), a range's words (`["Price", "price"]` in
 *   `ranges(...)`) and an option's label (`["US", "United States"]` in `opts(...)`);
 * - the argument a file's own helpers take as a parameter named `doc` (`position("rankPosition", "Natural rank")`),
 *   and the default value of any parameter named `doc`.
 * A text is emptied only where it is a string or template literal (or such literals joined with `+`); the code
 * around it is kept byte for byte.
 */
const ts = require("typescript");

/** Builders (by the names the catalog's modules call them) and the index of their doc argument. */
const DOC_ARGUMENT = {
  // records/fields.ts
  s: 1,
  i: 1,
  n: 1,
  b: 1,
  ms: 1,
  dt: 1,
  sl: 1,
  nl: 1,
  vi: 1,
  slm: 1,
  u: 1,
  obj: 1,
  objList: 1,
  // params.ts
  str: 1,
  int: 1,
  num: 1,
  bool: 1,
  month: 1,
  list: 1,
  csv: 1,
  intList: 1,
  timestamp: 1,
  saturday: 1,
  yearMonth: 1,
  weekOrMonth: 1,
  asinList: 2,
  matchType: 2,
};
/** Builders whose arguments are tuples `[value, words, ...]`: the words are the tuple's second element. */
const TUPLE_WORDS = new Set(["opts", "ranges"]);
const WORD_PROPERTIES = new Set(["title", "description", "doc", "label"]);

/** A string or template literal, or texts joined with `+` ("long " + "words"). */
const isText = (node) =>
  Boolean(node) &&
  (ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateExpression(node) ||
    (ts.isParenthesizedExpression(node) && isText(node.expression)) ||
    (ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
      isText(node.left) &&
      isText(node.right)));

/** The file's own helpers that take a `doc` parameter (`const position = (name, doc) => ...`), with its index. */
function localDocArguments(source) {
  const found = {};
  const visit = (node) => {
    const fn =
      ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)
        ? node.initializer
        : ts.isFunctionDeclaration(node)
          ? node
          : undefined;
    const name = ts.isVariableDeclaration(node) ? node.name : node.name;
    if (fn && name && ts.isIdentifier(name)) {
      const index = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === "doc");
      if (index >= 0) found[name.text] = index;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The [start, end) ranges of every text to empty. */
function textRanges(source) {
  const ranges = [];
  const docArgument = { ...DOC_ARGUMENT, ...localDocArguments(source) };
  const empty = (node) => isText(node) && ranges.push([node.getStart(source), node.getEnd()]);
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && WORD_PROPERTIES.has(node.name.getText(source))) empty(node.initializer);
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === "doc") empty(node.initializer);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const callee = node.expression.text;
      const index = docArgument[callee];
      if (index !== undefined) empty(node.arguments[index]);
      // Tuples anywhere in the arguments, also those made in a callback (`...Array.from(..., (_, i) => [v, w])`).
      if (TUPLE_WORDS.has(callee)) {
        const tuples = (inner) => {
          if (ts.isArrayLiteralExpression(inner)) empty(inner.elements[1]);
          ts.forEachChild(inner, tuples);
        };
        node.arguments.forEach(tuples);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges;
}

/** The source with every text of people emptied (`""`), the rest unchanged. */
function stripCatalogTexts(code, fileName = "catalog.ts") {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let out = "";
  let at = 0;
  for (const [start, end] of textRanges(source).sort((a, b) => a[0] - b[0])) {
    if (start < at) continue; // nested in a text already emptied
    out += `${code.slice(at, start)}""`;
    at = end;
  }
  return out + code.slice(at);
}

module.exports = function stripCatalogTextsLoader(code) {
  return stripCatalogTexts(code, this.resourcePath);
};
module.exports.stripCatalogTexts = stripCatalogTexts;
