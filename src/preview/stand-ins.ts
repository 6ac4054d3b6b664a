/**
 * Small stand-ins for the Office runtime pieces the built bundles touch: `CustomFunctions` (associate, Error,
 * ErrorCode), `OfficeRuntime.storage` (localStorage-backed, async) and `Office` (onReady as in Excel). They are
 * installed into a window before the add-in's scripts run there.
 */

/** The codes of CustomFunctions.ErrorCode, as Excel shows them. */
export const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

type ErrorCodeValue = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** `new CustomFunctions.Error(code, message)`. */
class CustomFunctionError extends Error {
  readonly code: ErrorCodeValue;

  constructor(code: ErrorCodeValue = ERROR_CODES.invalidValue, message?: string) {
    super(message ?? "");
    this.name = "CustomFunctions.Error";
    this.code = code;
  }
}

type AnyFunction = (...args: never[]) => unknown;

/** What `CustomFunctions.associate` filled in: function id (upper case) -> implementation. */
export class FunctionRegistry {
  private readonly functions = new Map<string, AnyFunction>();
  private readonly listeners = new Set<() => void>();

  /**
   * Keeps the first implementation of an id: the runtime page may be reloaded into the same registry, and cells
   * must keep calling the code they started with.
   */
  associate(idOrMappings: string | Record<string, AnyFunction>, fn?: AnyFunction): void {
    const mappings = typeof idOrMappings === "string" ? { [idOrMappings]: fn } : idOrMappings;
    let added = false;
    for (const [id, implementation] of Object.entries(mappings)) {
      if (typeof implementation !== "function")
        throw new TypeError(`CustomFunctions.associate("${id}"): not a function`);
      const key = id.toUpperCase();
      if (this.functions.has(key)) continue;
      this.functions.set(key, implementation);
      added = true;
    }
    if (added) this.listeners.forEach((listener) => listener());
  }

  get(id: string): AnyFunction | undefined {
    return this.functions.get(id.toUpperCase());
  }

  ids(): string[] {
    return [...this.functions.keys()];
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export function createCustomFunctionsStandIn(registry: FunctionRegistry) {
  return {
    associate: (idOrMappings: string | Record<string, AnyFunction>, fn?: AnyFunction) =>
      registry.associate(idOrMappings, fn),
    Error: CustomFunctionError,
    ErrorCode: ERROR_CODES,
  };
}

/**
 * `OfficeRuntime.storage` over a Web Storage area; keys are prefixed so the preview page's own keys stay apart.
 * `onChange` hears every key the add-in sets or removes (the page follows the pane's language switch by it).
 */
export function createStorageStandIn(area: Storage, prefix = "mad-preview:", onChange?: (key: string) => void) {
  const keys = () =>
    Array.from({ length: area.length }, (_, i) => area.key(i)).filter(
      (k): k is string => k !== null && k.startsWith(prefix),
    );
  const storage = {
    async getItem(key: string): Promise<string | null> {
      return area.getItem(prefix + key);
    },
    async setItem(key: string, value: string): Promise<void> {
      area.setItem(prefix + key, String(value));
      onChange?.(key);
    },
    async removeItem(key: string): Promise<void> {
      area.removeItem(prefix + key);
      onChange?.(key);
    },
    async getItems(wanted: string[]): Promise<Record<string, string | null>> {
      return Object.fromEntries(wanted.map((key) => [key, area.getItem(prefix + key)]));
    },
    async setItems(items: Record<string, string>): Promise<void> {
      for (const [key, value] of Object.entries(items)) area.setItem(prefix + key, String(value));
    },
    async removeItems(wanted: string[]): Promise<void> {
      for (const key of wanted) area.removeItem(prefix + key);
    },
    async getKeys(): Promise<string[]> {
      return keys().map((key) => key.slice(prefix.length));
    },
  };
  return storage;
}

export type StorageStandIn = ReturnType<typeof createStorageStandIn>;

/** `Office` as the task pane sees it in Excel: onReady resolves with host Excel. */
/** `displayLanguage`: the language the preview plays Office's display language in (`?lang=`, else the browser's). */
export function createOfficeStandIn(displayLanguage = "en-US") {
  const info = { host: "Excel", platform: "OfficeOnline" } as const;
  return {
    HostType: { Excel: "Excel" },
    PlatformType: { OfficeOnline: "OfficeOnline" },
    onReady(callback?: (value: typeof info) => void): Promise<typeof info> {
      // Office calls back asynchronously even when already initialized.
      return Promise.resolve().then(() => {
        callback?.(info);
        return info;
      });
    },
    context: {
      displayLanguage,
      host: info.host,
      platform: info.platform,
      diagnostics: { host: info.host, platform: info.platform, version: "preview" },
      // The preview host adapter implements the whole HostAdapter surface, whatever the requirement set.
      requirements: { isSetSupported: (_name: string, _version?: string) => true },
    },
  };
}

export interface StandIns {
  readonly customFunctions: ReturnType<typeof createCustomFunctionsStandIn>;
  readonly storage: StorageStandIn;
  readonly office: ReturnType<typeof createOfficeStandIn>;
  /** The task pane's host adapter in the preview (see PREVIEW_HOST_GLOBAL). */
  readonly hostAdapter: unknown;
}

/**
 * The global the task pane's host-adapter factory reads: when set, the task pane writes through it instead of
 * Office.js. Only the preview page sets it.
 */
export const PREVIEW_HOST_GLOBAL = "__madPreviewHost";

/** Installs the stand-ins as globals of `target` (the task pane frame's window). */
export function installStandIns(target: Window, standIns: StandIns): void {
  const globals = target as unknown as Record<string, unknown>;
  globals.CustomFunctions = standIns.customFunctions;
  globals.OfficeRuntime = { storage: standIns.storage };
  globals.Office = standIns.office;
  globals[PREVIEW_HOST_GLOBAL] = standIns.hostAdapter;
}
