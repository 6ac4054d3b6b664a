/**
 * A time bound on a step that waits for I/O (a Redis reply), which a busy machine cannot trip. A plain timer measures
 * wall time: when this process is starved of CPU (a loaded host, a long pause), its timer fires late, and first, in
 * the event loop turn that would have read the reply that arrived meanwhile, so a healthy Redis looks slow and a
 * member gets 503. Here the step fails only once the bound has passed *and* this process has read what arrived: the
 * verdict waits for the next poll of I/O (setImmediate runs after it), and a timer that fired late (the process
 * could not listen) gives the step the bound again, up to ten bounds in all, so that every step still settles.
 */

/** A timer that fires later than this share of its bound says the process was starved, not that I/O was slow. */
const LATE_SHARE = 0.1;
const MOST_BOUNDS = 10;

export function withinListening<T>(step: Promise<T>, ms: number, late: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    const arm = () => {
      const due = performance.now() + ms;
      timer = setTimeout(() => {
        const starved = performance.now() - due > ms * LATE_SHARE;
        setImmediate(() => {
          if (settled) return;
          if (starved && performance.now() - started < ms * MOST_BOUNDS) return arm();
          settled = true;
          reject(late());
        });
      }, ms);
    };
    arm();
    step.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
