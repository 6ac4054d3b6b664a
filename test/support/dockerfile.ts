/**
 * The Dockerfile read as its stages' instructions, for the tests that hold the image to it without Docker (no daemon
 * here, nor in CI): test/build/dockerfile.test.ts (its structure) and test/browser/hosted.test.ts (its build and
 * commands run directly, on the one hosting build CI makes).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

function parseDockerfile(text: string): Instruction[][] {
  const lines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stages: Instruction[][] = [];
  for (const line of lines) {
    const keyword = line.split(/\s+/)[0].toUpperCase();
    const instruction = { keyword, args: line.slice(keyword.length).trim() };
    if (keyword === "FROM") stages.push([instruction]);
    else stages.at(-1)?.push(instruction);
  }
  return stages;
}

export const DOCKERFILE_STAGES = parseDockerfile(readFileSync(path.resolve(__dirname, "../../Dockerfile"), "utf8"));

export const all = (stage: readonly Instruction[], keyword: string) =>
  stage.filter((i) => i.keyword === keyword).map((i) => i.args);
export const one = (stage: readonly Instruction[], keyword: string) => all(stage, keyword).at(-1) ?? "";
/** ENV lines (`A=1 B=2`) as a record. */
export const envOf = (stage: readonly Instruction[]) =>
  Object.fromEntries(all(stage, "ENV").flatMap((args) => [...args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])));
