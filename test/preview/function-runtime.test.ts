import { FunctionRuntime } from "../../src/preview/function-runtime";
import { createCustomFunctionsStandIn, createStorageStandIn, FunctionRegistry } from "../../src/preview/stand-ins";

function setup() {
  const registry = new FunctionRegistry();
  const CustomFunctions = createCustomFunctionsStandIn(registry);
  const runtime = new FunctionRuntime(registry, "MAD");
  runtime.setMetadata({
    functions: [
      {
        id: "TRENDS",
        name: "KEYWORDTRENDS",
        parameters: [
          { name: "market", type: "string" },
          { name: "keyword", type: "string" },
          { name: "filters", type: "any", dimensionality: "matrix", optional: true },
          { name: "limit", type: "number", optional: true },
        ],
      },
    ],
  });
  return { registry, CustomFunctions, runtime };
}

describe("FunctionRuntime", () => {
  it("calls the associated function with coerced arguments, nulls for omitted ones and the invocation last", async () => {
    const { CustomFunctions, runtime } = setup();
    const seen: unknown[][] = [];
    CustomFunctions.associate("TRENDS", (...args: unknown[]) => {
      seen.push(args);
      return [
        ["a", null],
        [{ type: "FormattedNumber", basicValue: 45292, numberFormat: "yyyy-mm-dd" }, true],
      ];
    });
    const outcome = await runtime.invoke("mad.keywordtrends", ["US", 42, "x"], "Sheet1!A1").outcome;
    expect(seen[0].slice(0, 4)).toEqual(["US", "42", [["x"]], null]);
    expect(seen[0][4]).toMatchObject({
      address: "Sheet1!A1",
      isInValuePreview: false,
      functionName: "mad.keywordtrends",
    });
    expect(outcome).toEqual({
      kind: "rows",
      rows: [
        [{ value: "a" }, { value: 0 }],
        [{ value: 45292, format: "yyyy-mm-dd" }, { value: true }],
      ],
    });
  });

  it("gives the arguments' addresses only to a function whose metadata asks for them", async () => {
    const { CustomFunctions, runtime } = setup();
    const seen: unknown[] = [];
    CustomFunctions.associate("TRENDS", (...args: unknown[]) => (seen.push(args[4]), [[1]]));
    CustomFunctions.associate("ASOF", (...args: unknown[]) => (seen.push(args[1]), [[2]]));
    runtime.setMetadata({
      functions: [
        { id: "TRENDS", name: "KEYWORDTRENDS" },
        { id: "ASOF", name: "ASOF", options: { requiresParameterAddresses: true } },
      ],
    });
    await runtime.invoke("MAD.KEYWORDTRENDS", ["US", "k", null, null], "Sheet1!A1", ["Sheet1!B1", null]).outcome;
    await runtime.invoke("MAD.ASOF", [[["asin"]]], "Sheet1!A2", ["Sheet1!D5:E9"]).outcome;
    expect(seen[0]).not.toHaveProperty("parameterAddresses");
    expect(seen[1]).toMatchObject({ parameterAddresses: ["Sheet1!D5:E9"] });
  });

  it("turns a thrown CustomFunctions.Error into its error value and message", async () => {
    const { CustomFunctions, runtime } = setup();
    CustomFunctions.associate("TRENDS", () => {
      throw new CustomFunctions.Error(
        CustomFunctions.ErrorCode.notAvailable,
        "The secret is wrong: set it in the task pane.",
      );
    });
    const outcome = await runtime.invoke("MAD.KEYWORDTRENDS", ["US", "k"], "Sheet1!A1").outcome;
    expect(outcome).toEqual({
      kind: "error",
      error: { code: "#N/A", message: "The secret is wrong: set it in the task pane." },
    });
  });

  it("refuses arguments Excel would refuse, without calling", async () => {
    const { CustomFunctions, runtime } = setup();
    const implementation = jest.fn(() => "called");
    CustomFunctions.associate("TRENDS", implementation);
    const tooFew = await runtime.invoke("MAD.KEYWORDTRENDS", ["US"], "Sheet1!A1").outcome;
    const notANumber = await runtime.invoke("MAD.KEYWORDTRENDS", ["US", "k", null, "ten"], "Sheet1!A1").outcome;
    const rangeForScalar = await runtime.invoke("MAD.KEYWORDTRENDS", [[["US", "DE"]], "k"], "Sheet1!A1").outcome;
    expect([tooFew, notANumber, rangeForScalar].map((o) => o.kind === "error" && o.error.code)).toEqual([
      "#VALUE!",
      "#VALUE!",
      "#VALUE!",
    ]);
    expect(notANumber.kind === "error" && notANumber.error.message).toMatch(/"limit" must be a number/);
    expect(implementation).not.toHaveBeenCalled();
  });

  it("tells the function it was canceled through invocation.onCanceled", async () => {
    const { CustomFunctions, runtime } = setup();
    const onCanceled = jest.fn();
    CustomFunctions.associate(
      "TRENDS",
      (_m: unknown, _k: unknown, _f: unknown, _l: unknown, invocation: { onCanceled?: () => void }) => {
        invocation.onCanceled = onCanceled;
        return new Promise(() => undefined);
      },
    );
    runtime.invoke("MAD.KEYWORDTRENDS", ["US", "k"], "Sheet1!A1").cancel();
    expect(onCanceled).toHaveBeenCalledTimes(1);
  });

  it("shows #NAME? for a function that is not registered", async () => {
    const { runtime } = setup();
    expect(runtime.isRegistered("MAD.KEYWORDTRENDS")).toBe(false);
    const outcome = await runtime.invoke("MAD.KEYWORDTRENDS", ["US", "k"], "Sheet1!A1").outcome;
    expect(outcome.kind === "error" && outcome.error.code).toBe("#NAME?");
  });
});

describe("OfficeRuntime.storage stand-in", () => {
  it("keeps values under its own prefix", async () => {
    const data = new Map<string, string>();
    const area = {
      get length() {
        return data.size;
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      clear: () => data.clear(),
    } as Storage;
    area.setItem("unrelated", "x");
    const storage = createStorageStandIn(area);
    await storage.setItem("mad.secret", "s");
    expect(await storage.getItem("mad.secret")).toBe("s");
    expect(await storage.getKeys()).toEqual(["mad.secret"]);
    await storage.removeItem("mad.secret");
    expect(await storage.getItem("mad.secret")).toBeNull();
  });
});
