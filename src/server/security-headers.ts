/**
 * The headers every answer of `npm run serve` carries, and the Content-Security-Policy, which is configurable
 * (replaced, or sent as Report-Only while a deployment learns what office.js needs in its tenant) because the
 * Office runtime's hosts are Microsoft's to change. Which hosts and why: docs/deploy.md, "Content-Security-Policy".
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PREVIEW_PANE_BOOTSTRAP } from "../lib/preview-pane";

/**
 * Pages that may frame the task pane: Office on the web runs an add-in in an iframe inside its own pages, and
 * frame-ancestors checks every ancestor, so the outer pages count too. From Microsoft 365's published endpoints
 * ("Microsoft 365 Common and Office Online": IDs 46, 147, 184; SharePoint and Teams, which open workbooks in
 * Excel on the web). Excel desktop shows the pane as a top-level web view, which frame-ancestors does not govern.
 */
const OFFICE_FRAME_ANCESTORS: readonly string[] = [
  "https://*.officeapps.live.com",
  "https://*.online.office.com",
  "https://office.live.com",
  "https://*.office.com",
  "https://www.microsoft365.com",
  "https://*.cloud.microsoft",
  "https://*.sharepoint.com",
  "https://onedrive.live.com",
  "https://teams.microsoft.com",
  "https://*.teams.microsoft.com",
];

/** Where browsers send what the policy blocked (or, Report-Only, would block); the server logs it. */
export const CSP_REPORT_PATH = "/csp-report";

export interface CspOptions {
  /** A whole policy that replaces the default (frame-ancestors and report-uri are not added to it). */
  policy?: string;
  /** Send the policy as Content-Security-Policy-Report-Only: nothing is blocked, violations are reported. */
  reportOnly?: boolean;
  /** Replaces OFFICE_FRAME_ANCESTORS ('self' stays first, for the preview page's frame). */
  frameAncestors?: readonly string[];
}

/** office.js and the files it loads come from Microsoft's CDN (appsforoffice.microsoft.com/lib/1/hosted/). */
function defaultPolicy(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self' https://appsforoffice.microsoft.com",
    // Fluent UI (Griffel) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    // Product pictures (a product card's image, shown by the preview's card) come from Amazon's image host.
    "img-src 'self' data: https://m.media-amazon.com",
    // 'self' is the relay; https: keeps the connection panel's direct service address and other URLs usable.
    "connect-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(" ")}`,
    `report-uri ${CSP_REPORT_PATH}`,
  ].join("; ");
}

/** The preview page, served by a relay for a local try (a build with the preview page: docs/deploy.md). */
const PREVIEW_PAGE = "/preview.html";

/**
 * The preview page's policy: the default one, and what its pane frame needs (src/preview/task-pane-frame.ts): a
 * blob: page (it keeps the page's origin and its policy) whose first script is one known line, allowed by its hash.
 * Without them the relay's preview page was blank (issue 46). Only this page: the add-in's own pages keep the default.
 */
function previewPolicy(policy: string): string {
  const bootstrap = `'sha256-${createHash("sha256").update(PREVIEW_PANE_BOOTSTRAP).digest("base64")}'`;
  const directives = policy.split("; ").map((d) => (d.startsWith("script-src ") ? `${d} ${bootstrap}` : d));
  const before = directives.findIndex((d) => d.startsWith("object-src "));
  directives.splice(before < 0 ? directives.length : before, 0, "frame-src 'self' blob:");
  return directives.join("; ");
}

export interface SecurityHeaders {
  readonly cspHeader: "Content-Security-Policy" | "Content-Security-Policy-Report-Only";
  readonly csp: string;
  apply(req: IncomingMessage, res: ServerResponse): void;
}

export function securityHeaders(options: CspOptions = {}): SecurityHeaders {
  const policy = options.policy?.trim() || defaultPolicy(options.frameAncestors ?? OFFICE_FRAME_ANCESTORS);
  if (/[\r\n]/.test(policy)) throw new Error("Content-Security-Policy: a policy is one line");
  const cspHeader = options.reportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  // A policy given whole is the deployment's own: the preview page gets no more than it says.
  const preview = options.policy?.trim() ? policy : previewPolicy(policy);
  return {
    cspHeader,
    csp: policy,
    apply(req, res) {
      const page = (req.url ?? "").split(/[?#]/)[0];
      res.setHeader(cspHeader, page === PREVIEW_PAGE ? preview : policy);
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Referrer-Policy", "no-referrer");
      const overTls = "encrypted" in req.socket && Boolean(req.socket.encrypted);
      if (overTls || req.headers["x-forwarded-proto"] === "https")
        res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    },
  };
}

/** Origins and sources as given on the command line or in the environment: space- or comma-separated. */
export function sourceList(text: string): string[] {
  const sources = text.split(/[\s,]+/).filter(Boolean);
  for (const source of sources)
    if (!/^(https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?|'self'|'none')$/i.test(source))
      throw new Error(`frame ancestors: expected https://host, https://*.domain, 'self' or 'none' (got "${source}")`);
  return sources;
}

/** A CSP violation report, reduced to what helps (directive, the blocked origin, the page path): no query strings. */
export function summarizeCspReport(body: string): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const report =
    (Array.isArray(parsed) ? (parsed[0] as { body?: unknown })?.body : undefined) ??
    (parsed as { "csp-report"?: unknown })?.["csp-report"];
  if (typeof report !== "object" || report === null) return undefined;
  const field = (...names: string[]) => {
    for (const name of names) {
      const value = (report as Record<string, unknown>)[name];
      if (typeof value === "string") return value;
    }
    return "";
  };
  const originOf = (text: string) => {
    try {
      const url = new URL(text);
      return url.protocol.startsWith("http") ? url.origin : url.protocol;
    } catch {
      return text.slice(0, 40);
    }
  };
  const pathOf = (text: string) => {
    try {
      return new URL(text).pathname;
    } catch {
      return "";
    }
  };
  return {
    directive: field("effectiveDirective", "effective-directive", "violatedDirective", "violated-directive").slice(
      0,
      80,
    ),
    blocked: originOf(field("blockedURL", "blocked-uri")),
    page: pathOf(field("documentURL", "document-uri")).slice(0, 200),
    disposition: field("disposition").slice(0, 20),
  };
}
