/**
 * The one line the preview page's task pane frame runs first (src/preview/task-pane-frame.ts): it hands the frame's
 * window to the preview page, which installs the Office stand-ins before the pane's own scripts run. Here, below both
 * faces, because the hosting server's Content-Security-Policy allows exactly this inline script, by its hash, on
 * the preview page (src/server/security-headers.ts): a relay serving a build with the preview page shows it.
 */

/** The function the preview page exposes for its pane frame's first script. */
export const PREVIEW_INSTALL_HOOK = "__madPreviewInstall";

/** The frame's first script, word for word (its SHA-256 is what the server's policy allows). */
export const PREVIEW_PANE_BOOTSTRAP = `window.parent.${PREVIEW_INSTALL_HOOK}(window);`;
