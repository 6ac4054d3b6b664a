/** How a fault taken from the queue (./faults.ts) answers a request in place of the simulated service. */
import type { ServerResponse } from "node:http";
import type { FaultSpec } from "./faults";
import { sendEnvelope } from "./http";
import { finish, type SimulatorState } from "./state";

/** Answers (or, for a stall or a reset, does not) as the fault says; returns the result counted. */
export function applyFault(state: SimulatorState, res: ServerResponse, fault: FaultSpec): string {
  state.stats.faultsApplied++;
  switch (fault.type) {
    case "http": {
      const headers: Record<string, string> = { "content-type": "text/plain;charset=utf-8" };
      if (fault.retryAfterSeconds !== undefined) headers["retry-after"] = String(fault.retryAfterSeconds);
      res.writeHead(fault.status, headers);
      res.end(`HTTP ${fault.status}`);
      return finish(state, `HTTP_${fault.status}`);
    }
    case "stall":
      state.stalled.add(res);
      res.on("close", () => state.stalled.delete(res));
      return finish(state, "stall");
    case "malformed":
      res.writeHead(200, { "content-type": "application/json;charset=utf-8" });
      res.end('{"code":"OK","message":"成功","data":{"items":[{"asin":"B0');
      return finish(state, "malformed");
    case "reset":
      res.destroy();
      return finish(state, "reset");
    case "envelope":
      sendEnvelope(res, fault.code, fault.data ?? null, fault.message);
      return finish(state, fault.code);
    default: {
      const unknown: never = fault;
      throw new Error(`unknown fault ${JSON.stringify(unknown)}`);
    }
  }
}
