/**
 * The order jest starts test files in: browser and unit files taking turns, each group as jest would order it
 * (failed first, then by the last run's durations, else the largest file first). A browser file mostly waits on
 * Chromium and a unit file on its child processes and timers, so a worker on each keeps both cores busy; browser
 * files all first ran two or three Chromium pages at once, and the run spent more CPU for the same work (measured on
 * this suite, 2 cores: 3 workers, browser first 715 CPU-s in 360 s; taking turns 617 CPU-s in 316 s).
 */
const Sequencer = require("@jest/test-sequencer").default;

const inBrowser = (test) => test.context.config.displayName?.name === "browser";

class TakingTurns extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const browser = sorted.filter(inBrowser);
    const unit = sorted.filter((test) => !inBrowser(test));
    const turns = [];
    for (let i = 0; i < Math.max(browser.length, unit.length); i++) {
      if (i < browser.length) turns.push(browser[i]);
      if (i < unit.length) turns.push(unit[i]);
    }
    return turns;
  }
}

module.exports = TakingTurns;
