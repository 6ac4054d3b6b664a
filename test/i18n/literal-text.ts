/**
 * Finds text a person would read that is written into a component instead of coming from the catalog (src/i18n):
 * JSX text, a literal in a text-bearing prop or object property (label, title, placeholder, hint, aria-label, text…),
 * a literal shown as a JSX child (also inside `a ? "x" : "y"`, `a ?? "x"` and template literals) and a literal
 * handed to a state setter or an action as prose (`setNotice("Saved.")`, `perform("Saving…", …)`). Catalog ids,
 * other ids, class names and comparisons (`tab === "builder"`) are not text; a literal counts when it has a letter
 * (handed to a call: when it reads as prose, with a space or closing punctuation, as `setTab("builder")` does not).
 */
import ts from "typescript";

/** Props and object properties whose value a person reads (or hears, from a screen reader). */
const TEXT_PROPS = new Set([
  "label",
  "title",
  "placeholder",
  "hint",
  "text",
  "caption",
  "question",
  "confirmLabel",
  "validationMessage",
  "alt",
  "aria-label",
  "aria-valuetext",
  "aria-description",
  "aria-roledescription",
]);

/** Calls whose string arguments are shown: React state setters and the pane's action runners. */
const SHOWING_CALL = /^(set[A-Z]\w*|perform|act|relabel)$/;

const hasLetter = (text: string) => /\p{L}/u.test(text);
const isProse = (text: string) => hasLetter(text) && /\s|[.…!?:]$/u.test(text.trim());

export interface LiteralText {
  readonly line: number;
  readonly text: string;
}

/** `ids`: the catalog's message ids, literals that name a message rather than say something. */
export function literalTexts(fileName: string, source: string, ids: ReadonlySet<string> = new Set()): LiteralText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });

  /** The literals an expression shows as text (not those it only compares or passes to a function). */
  const shown = (expr: ts.Expression, isText = hasLetter): void => {
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
      if (isText(expr.text) && !ids.has(expr.text)) report(expr, expr.text);
    } else if (ts.isTemplateExpression(expr)) {
      const parts = [expr.head.text, ...expr.templateSpans.map((span) => span.literal.text)];
      if (parts.some(isText)) report(expr, expr.getText(file));
      for (const span of expr.templateSpans) shown(span.expression, isText);
    } else if (ts.isConditionalExpression(expr)) {
      shown(expr.whenTrue, isText);
      shown(expr.whenFalse, isText);
    } else if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) shown(expr.left, isText);
      if (
        op === ts.SyntaxKind.QuestionQuestionToken ||
        op === ts.SyntaxKind.BarBarToken ||
        op === ts.SyntaxKind.AmpersandAmpersandToken
      )
        shown(expr.right, isText);
    } else if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) {
      shown(expr.expression, isText);
    } else if (ts.isArrayLiteralExpression(expr)) {
      for (const element of expr.elements) shown(element, isText);
    }
  };

  const nameOf = (name: ts.Node): string | undefined =>
    ts.isIdentifier(name) || ts.isStringLiteral(name)
      ? name.text
      : ts.isJsxNamespacedName(name)
        ? undefined
        : undefined;

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (hasLetter(node.text)) report(node, node.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(file);
      if (TEXT_PROPS.has(name) && node.initializer) {
        if (ts.isStringLiteral(node.initializer)) shown(node.initializer);
        else if (ts.isJsxExpression(node.initializer) && node.initializer.expression)
          shown(node.initializer.expression);
      }
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      shown(node.expression);
    } else if (ts.isPropertyAssignment(node)) {
      const name = nameOf(node.name);
      if (name && TEXT_PROPS.has(name)) shown(node.initializer);
    } else if (ts.isCallExpression(node)) {
      const callee = ts.isIdentifier(node.expression)
        ? node.expression.text
        : ts.isPropertyAccessExpression(node.expression)
          ? node.expression.name.text
          : "";
      if (SHOWING_CALL.test(callee)) for (const arg of node.arguments) shown(arg, isProse);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
