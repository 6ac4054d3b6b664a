/**
 * The control endpoint `/__sim/*` (tests and benchmarks): the counts (GET, DELETE /__sim/stats) and fault rules
 * (POST, DELETE /__sim/faults). Loopback clients with the run's token only, and JSON only, so a web page cannot
 * reach it; off in forwarding mode.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { FaultRuleError } from "./faults";
import { isLoopback, readBody, sendJson } from "./http";
import { emptyStats, secretMatches, type SimulatorState } from "./state";

const CONTROL_TOKEN_HEADER = "x-sim-token";
const isJsonType = (type: string | undefined) => /^application\/json\s*(;|$)/i.test(type ?? "");

/** Why a request may not use the control endpoint (status and error), or undefined when it may. */
function refusal(state: SimulatorState, req: IncomingMessage): { status: number; error: string } | undefined {
  if (state.relay) return { status: 404, error: "no control endpoint in forwarding mode: faults and stats are off" };
  if (!isLoopback(req.socket.remoteAddress))
    return { status: 403, error: "the control endpoint answers loopback clients only" };
  if (!secretMatches(req.headers[CONTROL_TOKEN_HEADER], state.controlToken))
    return { status: 403, error: `the control endpoint requires the run's token in ${CONTROL_TOKEN_HEADER}` };
  // A page can send a "simple" cross-origin POST (text/plain) without a preflight; JSON needs one, and we grant none.
  if (req.method !== "GET" && !isJsonType(req.headers["content-type"]))
    return { status: 415, error: "the control endpoint takes content-type: application/json" };
  return undefined;
}

async function addFault(state: SimulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    state.faults.add(JSON.parse((await readBody(req)).toString("utf8") || "null"));
    return sendJson(res, 200, { ok: true, pending: state.faults.pending() });
  } catch (error) {
    const message = error instanceof FaultRuleError ? error.message : "expected a JSON fault rule";
    return sendJson(res, 400, { error: message });
  }
}

export async function answerControl(
  state: SimulatorState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const refused = refusal(state, req);
  if (refused) return sendJson(res, refused.status, { error: refused.error });
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
    case "GET /__sim/stats":
      return sendJson(res, 200, state.stats);
    case "DELETE /__sim/stats":
      state.stats = emptyStats();
      return sendJson(res, 200, { ok: true });
    case "DELETE /__sim/faults":
      state.faults.clear();
      return sendJson(res, 200, { ok: true, pending: 0 });
    case "POST /__sim/faults":
      return addFault(state, req, res);
    default:
      return sendJson(res, 404, { error: `no control route ${route}` });
  }
}
