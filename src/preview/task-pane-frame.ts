/**
 * Runs the built task pane page (taskpane.html, which loads functions.js and taskpane.js: the add-in's shared
 * runtime) in a frame beside the grid. The page's markup and bundles run unchanged; only its office.js tag, the
 * Office runtime itself, is left out, and a first script installs the stand-ins from this page before the
 * bundles run.
 */

import { PREVIEW_INSTALL_HOOK as INSTALL_HOOK, PREVIEW_PANE_BOOTSTRAP } from "../lib/preview-pane";

/**
 * Loads `pageUrl` into `frame`. `install` receives the frame's window before any of the page's own scripts run.
 * Resolves when the frame has loaded.
 */
export async function loadTaskPane(
  frame: HTMLIFrameElement,
  pageUrl: string,
  install: (target: Window) => void,
): Promise<void> {
  const absoluteUrl = new URL(pageUrl, window.location.href).href;
  const response = await fetch(absoluteUrl);
  if (!response.ok)
    throw new Error(
      `The task pane page ${absoluteUrl} could not be loaded (HTTP ${response.status}). Run npm run build.`,
    );
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  page.querySelectorAll("script[src]").forEach((script) => {
    if (/(^|\/)office(\.debug)?\.js($|\?)/.test(script.getAttribute("src") ?? "")) script.remove();
  });
  const base = page.createElement("base");
  base.href = absoluteUrl;
  const bootstrap = page.createElement("script");
  // Word for word what a hosting server's policy allows by its hash (src/lib/preview-pane.ts).
  bootstrap.textContent = PREVIEW_PANE_BOOTSTRAP;
  page.head.prepend(base, bootstrap);

  (window as unknown as Record<string, unknown>)[INSTALL_HOOK] = (target: Window) => {
    if (target === frame.contentWindow) install(target);
  };
  // A blob URL keeps this page's origin, so the frame shares its storage and can call back into this page.
  const blobUrl = URL.createObjectURL(
    new Blob([`<!doctype html>\n${page.documentElement.outerHTML}`], { type: "text/html" }),
  );
  await new Promise<void>((resolve, reject) => {
    frame.addEventListener("load", () => resolve(), { once: true });
    frame.addEventListener("error", () => reject(new Error("The task pane frame failed to load.")), { once: true });
    frame.src = blobUrl;
  });
  URL.revokeObjectURL(blobUrl);
}
