/**
 * How many calls an action may spend before the pane asks first (Every action that spends calls says how many; it
 * asks when they are many or more than the month has left). One number for a refresh, a report, a snapshot and an
 * inserted table.
 */
export const CONFIRM_ABOVE_CALLS = 20;
