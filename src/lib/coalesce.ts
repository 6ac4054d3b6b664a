/**
 * `task` behind a function that may be called any number of times in one task and runs it once, in a microtask
 * after that task: a burst of notifications (workbook changes, sends) becomes one redraw or one write.
 */
export function coalesced(task: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      task();
    });
  };
}
