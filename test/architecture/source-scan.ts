/**
 * Reads every TypeScript file under src/ with the TypeScript parser (so comments and strings never count) and
 * reports what the layering rules look at: each import with the layer it reaches, and each use of an Office global.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

export const ROOT = resolve(__dirname, "..", "..");
const SRC = join(ROOT, "src");

/** The layers: folders of src/, with build-time code generation apart from the runtime functions it describes. */
export const LAYERS = [
  "i18n",
  "lib",
  "api",
  "relay-api",
  "engine",
  "table",
  "formula",
  "functions",
  "codegen",
  "taskpane",
  "preview",
  "simulator",
  "server",
] as const;
export type Layer = (typeof LAYERS)[number];

/** The globals Office provides; `Office` and `Excel` are Office.js, the others the custom functions runtime. */
const OFFICE_GLOBALS = ["Office", "Excel", "OfficeRuntime", "CustomFunctions", "OfficeExtension"] as const;

type Target =
  | { kind: "layer"; layer: Layer | undefined; path: string }
  | { kind: "outside-src"; path: string }
  | { kind: "node-builtin"; name: string }
  | { kind: "package"; name: string };

export interface ImportRef {
  specifier: string;
  line: number;
  target: Target;
}

interface OfficeRef {
  /** `Excel.run`, `Office.context`, or the bare global name (`CustomFunctions`) for other references. */
  text: string;
  line: number;
  /** A reference to the global itself, not a property of some other object that shares its name. */
  global: boolean;
  /** Reached at run time (`Excel.run(...)`), not only named in a type (`Excel.Range`). */
  value: boolean;
}

export interface SourceFile {
  /** Path from the repository root with forward slashes: `src/api/client.ts`. */
  path: string;
  layer: Layer | undefined;
  lines: number;
  text: string;
  imports: ImportRef[];
  officeRefs: OfficeRef[];
}

const toPosix = (path: string) => path.split(sep).join("/");

function layerOf(repoPath: string): Layer | undefined {
  if (repoPath.startsWith("src/functions/codegen/")) return "codegen";
  const folder = repoPath.split("/")[1];
  return repoPath.startsWith("src/") && (LAYERS as readonly string[]).includes(folder) ? (folder as Layer) : undefined;
}

const NODE_BUILTINS = new Set(builtinModules);

function targetOf(fromFile: string, specifier: string): Target {
  if (specifier.startsWith(".")) {
    const path = toPosix(relative(ROOT, resolve(dirname(fromFile), specifier)));
    return path.startsWith("src/")
      ? { kind: "layer", layer: layerOf(`${path}/`), path }
      : { kind: "outside-src", path };
  }
  if (specifier.startsWith("node:") || NODE_BUILTINS.has(specifier.split("/")[0]))
    return { kind: "node-builtin", name: specifier.replace(/^node:/, "") };
  const parts = specifier.split("/");
  return { kind: "package", name: specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0] };
}

/** Whether an identifier names a property or member rather than referring to a variable in scope. */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isQualifiedName(parent) && parent.right === node) ||
    ((ts.isPropertySignature(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent)) &&
      parent.name === node)
  );
}

/** Inside a type annotation or declaration (erased at run time). */
function inTypePosition(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isTypeNode(at) || ts.isInterfaceDeclaration(at) || ts.isTypeAliasDeclaration(at)) return true;
    if (ts.isExpression(at) || ts.isStatement(at)) return false;
  }
  return false;
}

export function scanSource(absolutePath: string, text: string): SourceFile {
  const path = toPosix(relative(ROOT, absolutePath));
  const kind = absolutePath.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(absolutePath, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const imports: ImportRef[] = [];
  const officeRefs: OfficeRef[] = [];
  const addImport = (node: ts.Node, literal: ts.Node | undefined) => {
    if (literal && ts.isStringLiteralLike(literal))
      imports.push({ specifier: literal.text, line: lineOf(node), target: targetOf(absolutePath, literal.text) });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) addImport(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      addImport(node, node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) addImport(node, node.argument.literal);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require"))
    )
      addImport(node, node.arguments[0]);
    else if (ts.isIdentifier(node) && (OFFICE_GLOBALS as readonly string[]).includes(node.text)) {
      const global = !isMemberName(node);
      const parent = node.parent;
      const member =
        global && ts.isPropertyAccessExpression(parent) && parent.expression === node
          ? `${node.text}.${parent.name.text}`
          : global && ts.isQualifiedName(parent) && parent.left === node
            ? `${node.text}.${parent.right.text}`
            : node.text;
      officeRefs.push({ text: member, line: lineOf(node), global, value: !inTypePosition(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {
    path,
    layer: layerOf(path),
    lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
    text,
    imports,
    officeRefs,
  };
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export function scanSources(): SourceFile[] {
  return listSources(SRC)
    .sort()
    .map((file) => scanSource(file, readFileSync(file, "utf8")));
}

/**
 * Every import circle among the files: each group of files that reach one another through their imports (type-only
 * imports too: they tie the modules' definitions together as much as values do), as sorted paths.
 */
export function importCircles(files: readonly SourceFile[]): string[][] {
  const byPath = new Set(files.map((f) => f.path));
  // A specifier names a file without its extension, or a folder by its index.
  const fileOf = (path: string) =>
    [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`, path].find((p) => byPath.has(p));
  const edges = new Map(
    files.map((f) => [
      f.path,
      f.imports.flatMap((ref) => (ref.target.kind === "layer" ? [fileOf(ref.target.path)] : [])).filter(Boolean),
    ]),
  ) as Map<string, string[]>;
  // Tarjan's strongly connected components: a component of more than one file (or a file importing itself) is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (path: string) => {
    index.set(path, index.size);
    low.set(path, index.get(path)!);
    stack.push(path);
    onStack.add(path);
    for (const next of edges.get(path) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(path, Math.min(low.get(path)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(path, Math.min(low.get(path)!, index.get(next)!));
    }
    if (low.get(path) !== index.get(path)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== path);
    if (component.length > 1 || edges.get(path)!.includes(path)) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file.path)) visit(file.path);
  return circles;
}
