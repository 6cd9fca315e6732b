// Properties over the corpus (recorded MCP schemas + hand-written ones), per dialect:
// strict output passes its oracle, names round-trip, and every value valid for the emitted schema
// de-normalises to one valid for the canonical schema, or fails only under a relaxed keyword.
import { compile } from "@toolwright/schema-coerce";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import { toStrictJsonSchema } from "openai/lib/transform";
import { describe, expect, it } from "vitest";
import { corpusDeclarations } from "./__fixtures__/corpus";
import type { CompiledTool } from "./compiled-tool";
import type { ProviderDialect } from "./provider-dialect";
import { toProviderTools } from "./to-provider-tools";

const dialects: readonly ProviderDialect[] = [
  "openai-chat",
  "openai-responses",
  "anthropic",
  "gemini",
];
const namePatterns: Record<ProviderDialect, RegExp> = {
  "openai-chat": /^[a-zA-Z0-9_-]{1,64}$/,
  "openai-responses": /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  gemini: /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/,
};

function createAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** Ajv reads drafts by `$schema`; the corpus is checked as 2020-12 (identical for these schemas). */
function withoutDialect(schema: unknown): object {
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  return rest;
}

const declarations = corpusDeclarations();

describe.each(dialects)("corpus, %s", (dialect) => {
  const tools = toProviderTools(declarations, dialect, { strict: "all" });

  it("should give every tool a provider name that matches the dialect and maps back", () => {
    for (const declaration of declarations) {
      const providerName = tools.names.toProvider(declaration.name);
      expect(providerName).toMatch(namePatterns[dialect]);
      expect(tools.names.fromProvider(providerName)).toBe(declaration.name);
    }
    expect(new Set(tools.names.entries().map(([, provider]) => provider)).size).toBe(
      declarations.length,
    );
  });

  if (dialect === "openai-chat" || dialect === "openai-responses") {
    it("should emit strict schemas that are fixpoints of the openai SDK's strict helper (O1)", () => {
      const strictTools = [...tools.compiled.values()].filter((tool) => tool.strict);
      expect(strictTools.length).toBeGreaterThanOrEqual(25);
      for (const tool of strictTools)
        expect(
          toStrictJsonSchema(tool.parameters as Record<string, unknown>),
          tool.name,
        ).toStrictEqual(tool.parameters);
    });
  }

  it.each(declarations.map((declaration) => [declaration.name, declaration] as const))(
    "should de-normalise emitted-valid values to canonical-valid ones: %s",
    (name, declaration) => {
      const compiled = tools.compiled.get(name) as CompiledTool;
      const emitted = compiled.parameters ?? { type: "object", properties: {} };
      const ajv = createAjv();
      const emittedValidator = ajv.compile(withoutDialect(emitted));
      const canonicalValidator = ajv.compile(withoutDialect(declaration.parameters));
      const coercer = compile(declaration.parameters, {
        coerce: true,
        removeAdditional: true,
        parseJsonStrings: true,
        formats: true,
        unresolvedRefs: "reject",
      });
      let checked = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
          let value: unknown;
          try {
            value = generateSync(emitted as never, { seed, maxDepth: 4 } as never);
          } catch {
            return;
          }
          if (!emittedValidator(value)) return;
          checked++;
          const before = JSON.stringify(value);
          const denormalized = compiled.denormalize(value as Record<string, unknown>);
          expect(JSON.stringify(value)).toBe(before);
          if (canonicalValidator(denormalized)) {
            const parsed = coercer.parse(denormalized);
            expect(parsed.changes.filter((change) => change.rule === "drop-null")).toEqual([]);
            return;
          }
          for (const error of canonicalValidator.errors ?? []) {
            const segments = error.schemaPath.replace(/^#/, "").split("/");
            const keyword = segments.pop() as string;
            const nodePath = segments.join("/");
            const covered = compiled.relaxed.some(
              (relaxed) =>
                (relaxed.keyword === keyword && relaxed.schemaPath === nodePath) ||
                nodePath.startsWith(`${relaxed.schemaPath}/${relaxed.keyword}`) ||
                (relaxed.keyword === "oneOf" &&
                  nodePath === relaxed.schemaPath &&
                  keyword === "oneOf"),
            );
            expect(
              covered,
              `${name}: ${error.schemaPath} ${error.message} for ${JSON.stringify(denormalized)}`,
            ).toBe(true);
          }
        }),
        { numRuns: 25, seed: 20261201 },
      );
      expect(checked).toBeGreaterThan(0);
    },
  );
});
