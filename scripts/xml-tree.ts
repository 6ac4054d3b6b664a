/**
 * Parses XML into a small ordered element tree (name, attributes, text, children) with namespace prefixes removed,
 * so the manifest checks read like the manifest. fast-xml-parser does the parsing and reports the line and column
 * of malformed input.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly text: string;
  readonly children: readonly XmlElement[];
}

export type ParseResult = { ok: true; root: XmlElement } | { ok: false; error: string };

type OrderedNode = Record<string, unknown>;

const ATTRIBUTES_KEY = ":@";
const TEXT_KEY = "#text";

function toElements(nodes: readonly OrderedNode[]): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ATTRIBUTES_KEY);
    // Skip text nodes and the <?xml ...?> declaration; comments are dropped by the parser.
    if (name === undefined || name === TEXT_KEY || name.startsWith("?")) continue;
    const childNodes = (node[name] ?? []) as OrderedNode[];
    const attributes = (node[ATTRIBUTES_KEY] ?? {}) as Record<string, string>;
    const text = childNodes
      .filter((child) => TEXT_KEY in child)
      .map((child) => String(child[TEXT_KEY]))
      .join("")
      .trim();
    elements.push({ name, attributes, text, children: toElements(childNodes) });
  }
  return elements;
}

export function parseXml(xml: string): ParseResult {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    return { ok: false, error: `not well-formed XML: ${msg} (line ${line}, column ${col})` };
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
  });
  const roots = toElements(parser.parse(xml) as OrderedNode[]);
  if (roots.length !== 1) return { ok: false, error: `expected one root element, found ${roots.length}` };
  return { ok: true, root: roots[0] };
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((child) => child.name === name) : [];
}

/** The first element along a slash-separated path of child names, e.g. "DefaultSettings/SourceLocation". */
export function firstAt(element: XmlElement | undefined, path: string): XmlElement | undefined {
  return allAt(element, path)[0];
}

/** Every element along a slash-separated path of child names. */
export function allAt(element: XmlElement | undefined, path: string): XmlElement[] {
  let current: XmlElement[] = element ? [element] : [];
  for (const name of path.split("/")) current = current.flatMap((parent) => childrenNamed(parent, name));
  return current;
}

/** Calls `visit` for every element below `element`, with the slash-separated path from `element`. */
export function walk(element: XmlElement, visit: (child: XmlElement, path: string) => void, prefix = element.name) {
  for (const child of element.children) {
    const path = `${prefix}/${child.name}`;
    visit(child, path);
    walk(child, visit, path);
  }
}
