/**
 * What answers the person (a question that waits for them, an outcome, a preview's rows) appears where they are:
 * the pane scrolls it into view when it comes (issue 46: after scrolling the Build tab, Preview's rows and the
 * Overwrite/Cancel question rendered 1,100 px above the view, and an insert waited on a question nobody saw). The
 * least scrolling that shows it (`nearest`), at once: no smooth scroll to sit through.
 */
import { useEffect, useRef } from "react";

/** A ref for the element to bring into view each time `shown` changes to something (a new outcome, a question). */
export function useInView<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [shown]);
  return ref;
}
