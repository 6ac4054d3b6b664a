/**
 * The order jest starts test files in: the browser files first (the longest, and mostly waiting on Chromium), each
 * group as jest would order it (failed first, then by the last run's durations, else the largest file first). On a
 * fresh clone jest knows no durations: by size alone a long browser file could start last and run on alone.
 */
const Sequencer = require("@jest/test-sequencer").default;

class BrowserFirst extends Sequencer {
  sort(tests) {
    const inBrowser = (test) => (test.context.config.displayName?.name === "browser" ? 0 : 1);
    return [...super.sort(tests)].sort((a, b) => inBrowser(a) - inBrowser(b));
  }
}

module.exports = BrowserFirst;
