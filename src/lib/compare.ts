/** The six comparisons of numbers that alert conditions and number-format conditions (`[<10000]`) use. */
export type Comparison = "<" | "<=" | ">" | ">=" | "=" | "!=";

/** Whether `a op b` holds. */
export function compare(a: number, op: Comparison, b: number): boolean {
  switch (op) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "=":
      return a === b;
    case "!=":
      return a !== b;
    default: {
      const unhandled: never = op;
      return unhandled;
    }
  }
}
