/**
 * The question a refresh or a snapshot asks when a table's new rows need cells below it that hold something: the
 * work waits for the person's choice (insert, write over, keep), and a pane closed meanwhile keeps their cells.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { GrowthConflict, GrowthDecision } from "./growth";

export interface GrowthQuestion {
  readonly conflict: GrowthConflict;
  readonly answer: (decision: GrowthDecision) => void;
}

export function useGrowthQuestion(): {
  growth: GrowthQuestion | null;
  decide: (conflict: GrowthConflict) => Promise<GrowthDecision>;
} {
  const [growth, setGrowth] = useState<GrowthQuestion | null>(null);
  const decide = useCallback(
    (conflict: GrowthConflict) =>
      new Promise<GrowthDecision>((resolve) =>
        setGrowth({
          conflict,
          answer: (decision) => {
            setGrowth(null);
            resolve(decision);
          },
        }),
      ),
    [],
  );
  // A pane closed while a question waits keeps the person's cells: the work goes on without that table.
  const growthRef = useRef(growth);
  growthRef.current = growth;
  useEffect(() => () => growthRef.current?.answer("keep"), []);
  return { growth, decide };
}
