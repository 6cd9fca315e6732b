import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import { SchemaError } from "../schema-error";
import type { CompileOptions } from "../types";
import { loadRemoteSchemas, loadSuiteCases, type SuiteCase } from "./load-suite";
import { skippedCases } from "./skips";

const schemas = loadRemoteSchemas();

interface Outcome {
  readonly passed: number;
  readonly failed: string[];
}

function runCases(cases: readonly SuiteCase[], options: CompileOptions): Outcome {
  const failed: string[] = [];
  let passed = 0;
  for (const testCase of cases) {
    let ok: boolean;
    try {
      const compiled = compile(testCase.schema, { ...options, schemas });
      const valid = compiled.check(testCase.data);
      const issues = compiled.errors(testCase.data);
      ok = valid === testCase.valid && (issues.length === 0) === valid;
    } catch (error) {
      ok = false;
      if (!SchemaError.isInstance(error)) throw error;
    }
    if (ok) passed++;
    else failed.push(testCase.id);
  }
  return { passed, failed };
}

const suites = [
  {
    name: "draft2020-12 required",
    cases: loadSuiteCases("draft2020-12"),
    options: {},
    passing: 1298,
  },
  {
    name: "draft7 required",
    cases: loadSuiteCases("draft7"),
    options: { draft: "7" },
    passing: 927,
  },
  {
    name: "draft2020-12 optional/format",
    cases: loadSuiteCases("draft2020-12", "optional/format"),
    options: { formats: true },
    passing: 764,
  },
  {
    name: "draft7 optional/format",
    cases: loadSuiteCases("draft7", "optional/format"),
    options: { draft: "7", formats: true },
    passing: 676,
  },
] as const satisfies readonly {
  name: string;
  cases: SuiteCase[];
  options: CompileOptions;
  passing: number;
}[];

describe("compile (JSON-Schema-Test-Suite)", () => {
  for (const suite of suites) {
    it(`should pass ${suite.passing} of ${suite.cases.length} cases of ${suite.name}`, () => {
      const outcome = runCases(suite.cases, suite.options as CompileOptions);
      const unexpected = outcome.failed.filter((id) => skippedCases[id] === undefined);
      expect(unexpected).toEqual([]);
      expect(outcome.passed).toBe(suite.passing);
    });
  }

  it("should list only cases that exist and still fail", () => {
    const allIds = new Set(suites.flatMap((suite) => suite.cases.map((testCase) => testCase.id)));
    for (const id of Object.keys(skippedCases)) expect(allIds.has(id), id).toBe(true);
  });
});
