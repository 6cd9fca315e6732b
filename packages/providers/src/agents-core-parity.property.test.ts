// O2 over the corpus: where @openai/agents-core accepts a schema in strict mode, our OpenAI-strict
// output equals its `tool().parameters` (we also drop `$schema`), and our de-normaliser gives the
// same arguments as its input normalisation (`invoke`) for values valid for the emitted schema.
import { RunContext, tool } from "@openai/agents-core";
import { generateSync } from "json-schema-faker";
import { describe, expect, it } from "vitest";
import { corpusDeclarations } from "./__fixtures__/corpus";
import { compileToolSchema } from "./schema/compile-tool-schema";
import { normalizeRoot } from "./schema/normalize-root";

function agentsCoreTool(name: string, parameters: unknown) {
  const { $schema: _dialect, ...schema } = normalizeRoot(name, parameters, true).schema;
  try {
    return tool({
      name: "t",
      description: "d",
      strict: true,
      parameters: schema as never,
      execute: async (input) => JSON.stringify(input),
    });
  } catch {
    return undefined;
  }
}

describe("OpenAI strict against @openai/agents-core (O2)", () => {
  const cases = corpusDeclarations().flatMap((declaration) => {
    const ours = compileToolSchema(declaration.name, declaration.parameters, "openai-chat", true);
    const theirs = agentsCoreTool(declaration.name, declaration.parameters);
    return ours.strict && ours.relaxed.length === 0 && theirs !== undefined
      ? [[declaration.name, ours, theirs] as const]
      : [];
  });

  it("should cover most of the corpus", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases)("%s: same strict schema, same normalised input", async (_name, ours, theirs) => {
    expect(ours.parameters).toStrictEqual(theirs.parameters);
    for (let seed = 1; seed <= 12; seed++) {
      const value = generateSync(ours.parameters as never, { seed } as never) as Record<
        string,
        unknown
      >;
      const normalised = JSON.parse(
        String(await theirs.invoke(new RunContext(), JSON.stringify(value))),
      );
      expect(ours.denormalize(value), JSON.stringify(value)).toEqual(normalised);
    }
  });
});
