import type { Message, SystemMessage, ToolDeclaration } from "@toolwright/tool-core";
import { describe, expectTypeOf, it } from "vitest";
import { declareToolChanges } from "./declare-tool-changes";
import { getCurrentTools } from "./get-current-tools";
import { resolveTranscriptTools } from "./resolve-transcript-tools";

interface AppMessage {
  readonly role: "system" | "user" | "note";
  readonly body: string;
}

describe("declareToolChanges", () => {
  it("should return the transcript's own messages or system messages", () => {
    const result = declareToolChanges({ messages: [] as Message[] }, []);
    expectTypeOf(result).toEqualTypeOf<readonly Message[]>();
  });

  it("should accept an application's own message type", () => {
    const messages: AppMessage[] = [];
    const result = declareToolChanges({ messages, tools: [] }, [] as AppMessage[]);
    expectTypeOf(result).toEqualTypeOf<readonly (AppMessage | SystemMessage)[]>();
    expectTypeOf(getCurrentTools(messages)).toEqualTypeOf<ToolDeclaration[]>();
    expectTypeOf(resolveTranscriptTools(messages, "additions").foldedSystemMessages).toEqualTypeOf<
      ReadonlySet<AppMessage>
    >();
  });

  it("should reject messages without a role and unknown support modes", () => {
    // @ts-expect-error a message needs a role
    getCurrentTools([{ body: "x" }]);
    // @ts-expect-error only "none", "additions" and "changes"
    resolveTranscriptTools([], "all");
  });
});
