import type { Message, SystemMessage, Tool } from "@toolwright/tool-core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declareToolChanges } from "./declare-tool-changes";
import { getCurrentTools } from "./get-current-tools";
import { toToolDeclaration } from "./to-tool-declaration";
import { makeTestTool } from "./tool-test-support";

const NUM_RUNS = 300;

// Every name exists in three variants: two descriptions and a reordered schema (same keys).
const names = ["a", "b", "c", "d", "e", "f"];
const variants: Record<string, Tool[]> = Object.fromEntries(
  names.map((name) => [
    name,
    [
      makeTestTool(name),
      makeTestTool(name, { description: `The ${name} tool, version 2` }),
      makeTestTool(name, {
        parameters: {
          properties: { input: { type: "string" } },
          type: "object",
          required: ["input"],
        },
      }),
    ],
  ]),
);

const toolSetArbitrary = fc
  .uniqueArray(fc.record({ name: fc.constantFrom(...names), variant: fc.nat(2) }), {
    selector: (choice) => choice.name,
    maxLength: names.length,
  })
  .map((choices) => choices.map(({ name, variant }) => variants[name]?.[variant] as Tool));

const user: Message = { role: "user", content: "go", timestamp: 1 };

const pendingItemArbitrary: fc.Arbitrary<Message> = fc.oneof(
  fc.constant(user),
  fc.constant<SystemMessage>({ role: "system", content: "note", timestamp: 2 }),
  // A system message with some tool intent of its own, right or wrong.
  fc.record({ added: toolSetArbitrary, removed: fc.subarray(names) }).map(
    ({ added, removed }): SystemMessage => ({
      role: "system",
      content: "intent",
      timestamp: 3,
      ...(added.length > 0 ? { toolsAdded: added.map((tool) => toToolDeclaration(tool)) } : {}),
      ...(removed.length > 0 ? { toolsRemoved: removed.map((name) => ({ name })) } : {}),
    }),
  ),
);

const stepArbitrary = fc.record({
  tools: fc.option(toolSetArbitrary, { nil: undefined }),
  pending: fc.array(pendingItemArbitrary, { maxLength: 4 }),
  // Sometimes the transcript is edited in place (truncated) or copied into a new array.
  edit: fc.option(fc.oneof(fc.constant("copy" as const), fc.nat(12)), { nil: undefined }),
});

function byName(declarations: readonly { name: string }[]): Record<string, unknown> {
  return Object.fromEntries(declarations.map((declaration) => [declaration.name, declaration]));
}

describe("declareToolChanges (property)", () => {
  it(`should make the replay equal the executable tools, and return the same array when nothing changed (${NUM_RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), (steps) => {
        let transcript: Message[] = [];
        for (const step of steps) {
          if (step.edit === "copy") transcript = [...transcript];
          else if (step.edit !== undefined)
            transcript.length = Math.min(transcript.length, step.edit);

          const context = { messages: transcript, tools: step.tools };
          const result = declareToolChanges(context, step.pending, { now: () => 0 });
          const expected = byName((step.tools ?? []).map((tool) => toToolDeclaration(tool)));
          expect(byName(getCurrentTools([...transcript, ...result]))).toStrictEqual(expected);
          transcript.push(...(result as Message[]));
          expect(byName(getCurrentTools(transcript))).toStrictEqual(expected);

          // Nothing changed since: any pending list without tool fields comes back as is.
          const quiet = step.pending.filter(
            (message) => message.role !== "system" || message.content === "note",
          );
          expect(declareToolChanges(context, quiet)).toBe(quiet);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // About 2 s alone; the generous bound keeps it green on a loaded CI machine.
  }, 30_000);
});
