/**
 * Calls registered custom functions the way Excel does: arguments coerced by the types in functions.json, omitted
 * and blank arguments as null, an invocation object last (address, isInValuePreview, onCanceled), and the result
 * (a value, a 2D array or a promise of either) turned into result cells or an error value.
 */
import { t } from "../i18n/preview";
import type {
  ArgumentCell,
  ArgumentValue,
  EntityValue,
  FunctionInvoker,
  FunctionOutcome,
  PendingCall,
  ResultCell,
} from "./cell-types";
import { ERROR_CODES, FunctionRegistry } from "./stand-ins";

interface ParameterMetadata {
  readonly name: string;
  readonly type?: string;
  readonly dimensionality?: string;
  readonly optional?: boolean;
}

export interface FunctionMetadata {
  readonly id: string;
  readonly name: string;
  readonly parameters?: readonly ParameterMetadata[];
  /** `requiresParameterAddresses`: the invocation carries where each argument is (CustomFunctionsRuntime 1.3). */
  readonly options?: { readonly requiresParameterAddresses?: boolean };
}

/** The parts of functions.json the preview reads. */
export interface FunctionsMetadata {
  readonly functions: readonly FunctionMetadata[];
}

interface Invocation {
  readonly address: string;
  readonly parameterAddresses?: readonly (string | null)[];
  readonly functionName: string;
  readonly isInValuePreview: boolean;
  onCanceled?: () => void;
}

class ArgumentError extends Error {}

export class FunctionRuntime implements FunctionInvoker {
  private byName = new Map<string, FunctionMetadata>();

  constructor(
    private readonly registry: FunctionRegistry,
    /** The namespace the manifest gives the functions: `MAD` makes `MAD.KEYWORDTRENDS` call id `KEYWORDTRENDS`. */
    private readonly namespace: string,
  ) {}

  setMetadata(metadata: FunctionsMetadata): void {
    this.byName = new Map(metadata.functions.map((fn) => [`${this.namespace}.${fn.name}`.toUpperCase(), fn]));
  }

  /** Function names as users type them, for the page's help text. */
  names(): string[] {
    return [...this.byName.keys()].filter((name) => this.isRegistered(name)).sort();
  }

  /** `market, keyword, [filters]`: the parameters as Excel's formula tooltip shows them. */
  parameterList(name: string): string {
    const parameters = this.byName.get(name.toUpperCase())?.parameters ?? [];
    return parameters.map((p) => (p.optional ? `[${p.name}]` : p.name)).join(", ");
  }

  isRegistered(name: string): boolean {
    return this.implementation(name) !== undefined;
  }

  invoke(
    name: string,
    args: readonly ArgumentValue[],
    address: string,
    parameterAddresses: readonly (string | null)[] = [],
  ): PendingCall {
    const implementation = this.implementation(name);
    const wantsAddresses = this.byName.get(name.toUpperCase())?.options?.requiresParameterAddresses === true;
    const invocation: Invocation = {
      address,
      functionName: name,
      isInValuePreview: false,
      ...(wantsAddresses ? { parameterAddresses } : {}),
    };
    let canceled = false;
    const outcome = (async (): Promise<FunctionOutcome> => {
      if (!implementation) return errorOutcome(ERROR_CODES.invalidName, t("cell.notAFunction", { name }));
      let callArgs: unknown[];
      try {
        callArgs = this.coerceArguments(name, args);
      } catch (error) {
        if (error instanceof ArgumentError) return errorOutcome(ERROR_CODES.invalidValue, error.message);
        throw error;
      }
      try {
        const result = await (implementation as (...a: unknown[]) => unknown)(...callArgs, invocation);
        return toOutcome(result);
      } catch (error) {
        return thrownOutcome(error);
      }
    })();
    return {
      outcome,
      cancel() {
        if (canceled) return;
        canceled = true;
        invocation.onCanceled?.();
      },
    };
  }

  private implementation(name: string) {
    const metadata = this.byName.get(name.toUpperCase());
    if (metadata) return this.registry.get(metadata.id);
    const prefix = `${this.namespace}.`.toUpperCase();
    return name.toUpperCase().startsWith(prefix) ? this.registry.get(name.slice(prefix.length)) : undefined;
  }

  /** One value per declared parameter (missing trailing ones as null), coerced like Excel coerces. */
  private coerceArguments(name: string, args: readonly ArgumentValue[]): unknown[] {
    const parameters = this.byName.get(name.toUpperCase())?.parameters;
    if (!parameters) return [...args];
    if (args.length > parameters.length) {
      throw new ArgumentError(t("cell.tooManyArguments", { name, most: parameters.length, given: args.length }));
    }
    return parameters.map((parameter, index) => {
      if (index >= args.length && !parameter.optional) {
        // Excel refuses such a formula ("too few arguments"); the preview says so in the cell.
        throw new ArgumentError(t("cell.argumentRequired", { name, argument: parameter.name }));
      }
      const value = index < args.length ? args[index] : null;
      if (parameter.dimensionality === "matrix") {
        const matrix = Array.isArray(value) ? value : [[value]];
        return matrix.map((row) => row.map((cell) => coerceScalar(cell, parameter, name)));
      }
      if (Array.isArray(value)) {
        if (value.length !== 1 || value[0].length !== 1) {
          throw new ArgumentError(t("cell.argumentNotRange", { name, argument: parameter.name }));
        }
        return coerceScalar(value[0][0], parameter, name);
      }
      return coerceScalar(value, parameter, name);
    });
  }
}

function coerceScalar(value: ArgumentCell, parameter: ParameterMetadata, fn: string): ArgumentCell {
  if (value === null) return null;
  if (typeof value === "object") {
    // A data type reaches only a parameter of type `any` as itself (allowCustomDataForDataTypeAny); a typed
    // parameter is given its basicValue, #VALUE! for an entity (Excel.EntityCellValue): the call never happens.
    if (parameter.type === undefined || parameter.type === "any") return value;
    throw new ArgumentError(
      `${fn}: the argument "${parameter.name}" is a data type, which a ${parameter.type} cannot take.`,
    );
  }
  switch (parameter.type) {
    case "string":
      return typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : String(value);
    case "number": {
      if (typeof value === "number") return value;
      if (typeof value === "boolean") return value ? 1 : 0;
      const number = value.trim() === "" ? NaN : Number(value);
      if (Number.isNaN(number))
        throw new ArgumentError(t("cell.argumentNotNumber", { name: fn, argument: parameter.name, value }));
      return number;
    }
    case "boolean": {
      if (typeof value === "boolean") return value;
      if (typeof value === "number") return value !== 0;
      if (/^(true|false)$/i.test(value.trim())) return value.trim().toUpperCase() === "TRUE";
      throw new ArgumentError(t("cell.argumentNotBoolean", { name: fn, argument: parameter.name, value }));
    }
    default:
      return value;
  }
}

function errorOutcome(code: string, message: string): FunctionOutcome {
  return { kind: "error", error: { code, message } };
}

function errorOf(value: unknown): { code: string; message: string } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof code === "string" && code.startsWith("#")
    ? { code, message: typeof message === "string" ? message : "" }
    : undefined;
}

function thrownOutcome(error: unknown): FunctionOutcome {
  const customError = errorOf(error);
  if (customError) return { kind: "error", error: customError };
  // Excel shows a plain #VALUE! for anything else thrown; the preview adds the text to help find the bug.
  const text = error instanceof Error ? error.message : String(error);
  return errorOutcome(ERROR_CODES.invalidValue, t("cell.failed", { detail: text }));
}

/** A scalar, a 2D array, or an array of rows; anything Excel would refuse becomes an error value. */
export function toOutcome(result: unknown): FunctionOutcome {
  const rows = Array.isArray(result) ? result : [[result]];
  if (rows.length === 0 || !rows.every((row) => Array.isArray(row))) {
    return errorOutcome(ERROR_CODES.invalidValue, t("cell.notTwoDimensional"));
  }
  const width = (rows[0] as unknown[]).length;
  if (width === 0 || !rows.every((row) => (row as unknown[]).length === width)) {
    return errorOutcome(ERROR_CODES.invalidValue, t("cell.ragged"));
  }
  return { kind: "rows", rows: rows.map((row) => (row as unknown[]).map(toResultCell)) };
}

function toResultCell(value: unknown): ResultCell {
  if (typeof value === "string" || typeof value === "boolean") return { value };
  if (typeof value === "number") {
    return Number.isFinite(value)
      ? { value }
      : {
          value: ERROR_CODES.invalidNumber,
          error: { code: ERROR_CODES.invalidNumber, message: t("cell.notFinite") },
        };
  }
  // Excel shows null and undefined inside a returned array as 0 (by design, OfficeDev/office-js#1503).
  if (value === null || value === undefined) return { value: 0 };
  const error = errorOf(value);
  if (error) return { value: error.code, error };
  const entity = value as { type?: unknown; basicValue?: unknown; numberFormat?: unknown };
  if ((entity.type === "FormattedNumber" || entity.type === "Double") && typeof entity.basicValue === "number") {
    return {
      value: entity.basicValue,
      format: typeof entity.numberFormat === "string" ? entity.numberFormat : undefined,
    };
  }
  if (entity.type === "Entity") {
    const card = value as EntityValue;
    if (typeof card.text === "string" && typeof card.properties === "object" && card.properties !== null)
      return { value: card.text, entity: card };
  }
  const message = t("cell.cannotHold");
  return { value: ERROR_CODES.invalidValue, error: { code: ERROR_CODES.invalidValue, message } };
}
