/** The local marketplace API simulator and forwarding proxy (Node only). See README "Simulator". */
export { createSimulatorHandler, DEMO_SECRET } from "./handler";
export type { SimulatorHandler, SimulatorOptions, SimulatorStats } from "./handler";
export { DEFAULT_HOST, DEFAULT_PORT, startSimulator } from "./server";
export type { RunningSimulator, StartOptions } from "./server";
export type { FaultMatch, FaultRule, FaultSpec } from "./faults";
export type { QuotaSnapshot } from "./limits";
