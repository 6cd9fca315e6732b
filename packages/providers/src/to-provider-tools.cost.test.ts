// Cost linear in the input: a wide object whose properties are all required must cost about as
// much as one whose properties are all optional. A membership scan of `required` per property
// (quadratic) made the all-required case 5–20 times slower at this size. Ratios within one run, in
// CPU time of this process, best of three taken in turns: wall time would count the time the
// process waited for one of two shared cores (CI runs other suites beside this one).
import { describe, expect, it } from "vitest";
import type { ProviderToolOptions } from "./provider-tool-options";
import { toProviderTools } from "./to-provider-tools";

const width = 30_000;
const names = Array.from({ length: width }, (_, index) => `p${index}`);
// Nullable, so that strict OpenAI wraps nothing on the all-optional side either.
const properties = Object.fromEntries(names.map((name) => [name, { type: ["string", "null"] }]));

function parametersFor(shape: "object" | "allOf", required: readonly string[]) {
  const object = { type: "object", properties, required, additionalProperties: false };
  if (shape === "object") return object;
  // Rule M at the root: the union of both members' `required`.
  return { allOf: [object, { type: "object", required, additionalProperties: false }] };
}

function cpuMilliseconds(run: () => void): number {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

describe("toProviderTools cost", () => {
  it.each([
    ["openai-chat", "object", {}],
    ["anthropic", "object", {}],
    ["gemini", "object", { gemini: { schemaField: "parameters" } }],
    ["openai-chat", "allOf", { strict: "none" }],
  ] as const)(
    "%s (%s): all-required costs about what all-optional does",
    (dialect, shape, options: ProviderToolOptions) => {
      const time = (required: readonly string[]) =>
        cpuMilliseconds(() =>
          toProviderTools(
            [
              {
                name: "wide",
                description: "A wide tool",
                parameters: parametersFor(shape, required),
                constrainedSampling: true,
              },
            ],
            dialect,
            options,
          ),
        );
      let optional = Number.POSITIVE_INFINITY;
      let required = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3; attempt++) {
        optional = Math.min(optional, time([]));
        required = Math.min(required, time(names));
      }
      expect(required / Math.max(optional, 1)).toBeLessThan(4);
    },
  );
});
