import type { Message, SystemMessage } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import {
  makeTestDeclaration as declaration,
  makeTestSystemMessage as system,
} from "./messages-test-support";
import { resolveTranscriptTools, type TranscriptToolSupport } from "./resolve-transcript-tools";
import { TranscriptError } from "./transcript-error";

const user: Message = { role: "user", content: "hi", timestamp: 0 };

// Transcripts referred to by name in the table.
const transcripts: Record<string, Message[]> = {
  empty: [],
  leadingOnly: [system([declaration("a"), declaration("b")]), user],
  pureAdditions: [
    system([declaration("a")]),
    user,
    system([declaration("b")]),
    user,
    system([declaration("c")]),
  ],
  removal: [
    system([declaration("a"), declaration("b")]),
    user,
    system([], ["a"]),
    user,
    system([declaration("c")]),
  ],
  redefinition: [
    system([declaration("a")]),
    user,
    system([declaration("b")]),
    system([declaration("a", "new a")]),
    user,
    system([declaration("d")]),
  ],
  readdAfterRemoval: [
    system([declaration("a")]),
    system([], ["a"]),
    user,
    system([declaration("a", "back")]),
  ],
  noLeadingSystem: [user, system([declaration("a")]), user],
  removalOfAbsent: [
    system([declaration("a")]),
    user,
    system([], ["zzz"]),
    system([declaration("b")]),
  ],
};

describe("resolveTranscriptTools", () => {
  it.each<{
    transcript: string;
    support: TranscriptToolSupport;
    requestTools: string[];
    foldIndex: number | "all";
  }>([
    {
      transcript: "pureAdditions",
      support: "none",
      requestTools: ["a", "b", "c"],
      foldIndex: "all",
    },
    { transcript: "removal", support: "none", requestTools: ["b", "c"], foldIndex: "all" },
    {
      transcript: "redefinition",
      support: "none",
      requestTools: ["a", "b", "d"],
      foldIndex: "all",
    },
    { transcript: "removal", support: "changes", requestTools: [], foldIndex: 0 },
    { transcript: "pureAdditions", support: "changes", requestTools: [], foldIndex: 0 },
    { transcript: "empty", support: "additions", requestTools: [], foldIndex: 0 },
    { transcript: "leadingOnly", support: "additions", requestTools: ["a", "b"], foldIndex: 1 },
    { transcript: "pureAdditions", support: "additions", requestTools: ["a"], foldIndex: 1 },
    { transcript: "removal", support: "additions", requestTools: ["b"], foldIndex: 3 },
    { transcript: "redefinition", support: "additions", requestTools: ["a", "b"], foldIndex: 4 },
    { transcript: "readdAfterRemoval", support: "additions", requestTools: [], foldIndex: 2 },
    { transcript: "noLeadingSystem", support: "additions", requestTools: [], foldIndex: 0 },
    { transcript: "removalOfAbsent", support: "additions", requestTools: ["a"], foldIndex: 1 },
  ])(
    "should resolve $transcript under $support: request $requestTools, fold before $foldIndex",
    ({ transcript, support, requestTools, foldIndex }) => {
      const messages = transcripts[transcript] as Message[];
      const resolved = resolveTranscriptTools(messages, support);
      const expectedFoldIndex = foldIndex === "all" ? messages.length : foldIndex;
      expect(resolved.requestTools.map((tool) => tool.name)).toStrictEqual(requestTools);
      expect(resolved.foldIndex).toBe(expectedFoldIndex);
      const expectedFolded = messages
        .slice(0, expectedFoldIndex)
        .filter((message) => message.role === "system");
      expect([...resolved.foldedSystemMessages]).toStrictEqual(expectedFolded);
    },
  );

  it("should carry the redefinition at the fold point in requestTools", () => {
    const resolved = resolveTranscriptTools(transcripts.redefinition as Message[], "additions");
    expect(resolved.requestTools[0]?.description).toBe("new a");
  });

  it("should fold the whole leading run of system messages under additions", () => {
    const prompt: SystemMessage = { role: "system", content: "Be brief.", timestamp: 0 };
    const messages = [prompt, system([declaration("a")]), user, system([declaration("b")])];
    const resolved = resolveTranscriptTools(messages, "additions");
    expect(resolved.foldIndex).toBe(2);
    expect(resolved.requestTools.map((tool) => tool.name)).toStrictEqual(["a"]);
    expect(resolved.foldedSystemMessages.has(prompt)).toBe(true);
  });

  it("should reject an unknown support mode", () => {
    expect(() => resolveTranscriptTools([], "some" as TranscriptToolSupport)).toThrow(
      'Unknown transcript tool support "some": expected "none", "additions" or "changes"',
    );
    try {
      resolveTranscriptTools([], "some" as TranscriptToolSupport);
    } catch (error) {
      expect(TranscriptError.isInstance(error) && error.code).toBe("INVALID_ARGUMENT");
    }
  });

  it("should reject a malformed tool field in every mode", () => {
    const messages = [user, { role: "system", toolsAdded: "a" }] as unknown as Message[];
    for (const support of ["none", "additions", "changes"] as const) {
      expect(() => resolveTranscriptTools(messages, support)).toThrow(
        "Message 1: toolsAdded must be an array",
      );
    }
  });
});
