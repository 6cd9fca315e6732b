import type { Message, SystemMessage } from "@toolwright/tool-core";
import { ToolRegistry } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolDeclarations } from "./create-tool-declarations";
import { getCurrentTools } from "./get-current-tools";
import { makeTestDeclaration } from "./messages-test-support";
import { toToolDeclaration } from "./to-tool-declaration";
import { makeTestTool } from "./tool-test-support";

function user(text: string): Message {
  return { role: "user", content: text, timestamp: 0 };
}

describe("createToolDeclarations", () => {
  it("should keep serialised declarations per instance", () => {
    const first = createToolDeclarations();
    const second = createToolDeclarations();
    const tool = makeTestTool("read", { description: "Read a file" });
    expect(first.toToolDeclaration(tool).description).toBe("Read a file");
    // Declarations are cached per object, so an in-place edit is not seen by the instance that
    // already declared the tool — and must not leak into another instance's view.
    (tool as { description: string }).description = "Read a file, edited";
    expect(first.toToolDeclaration(tool).description).toBe("Read a file");
    expect(second.toToolDeclaration(tool).description).toBe("Read a file, edited");
    expect(first.declarationsEqual(tool, second.toToolDeclaration(tool))).toBe(false);
    expect(second.declarationsEqual(tool, second.toToolDeclaration(tool))).toBe(true);
  });

  it("should keep replays per instance, the latest replay included", () => {
    const first = createToolDeclarations();
    const second = createToolDeclarations();
    const prompt: { -readonly [K in keyof SystemMessage]: SystemMessage[K] } = {
      role: "system",
      content: "You are helpful",
      timestamp: 0,
    };
    const messages: Message[] = [prompt, user("hi")];
    expect(first.getCurrentTools(messages)).toEqual([]);
    // An edit the prefix check cannot see (documented): tools added in place to a replayed message.
    prompt.toolsAdded = [makeTestDeclaration("search")];
    const extended = [...messages, user("again")];
    // The first instance extends its own latest replay, made before the edit…
    expect(first.getCurrentTools(extended)).toEqual([]);
    // …while a second instance never saw that replay and reads the edited message.
    expect(second.getCurrentTools(extended).map((tool) => tool.name)).toEqual(["search"]);
    expect(second.getCurrentTools(messages).map((tool) => tool.name)).toEqual(["search"]);
  });

  it("should not share the default instance's caches used by the plain functions", () => {
    const instance = createToolDeclarations();
    const prompt: { -readonly [K in keyof SystemMessage]: SystemMessage[K] } = {
      role: "system",
      content: "",
      timestamp: 0,
    };
    const messages: Message[] = [prompt];
    expect(getCurrentTools(messages)).toEqual([]);
    prompt.toolsAdded = [makeTestDeclaration("late")];
    expect(getCurrentTools(messages)).toEqual([]);
    expect(instance.getCurrentTools(messages).map((tool) => tool.name)).toEqual(["late"]);
  });

  it("should behave like the plain functions for a whole declaring session", () => {
    const declarations = createToolDeclarations();
    const tools = new ToolRegistry([makeTestTool("read"), makeTestTool("write")]);
    const transcript: Message[] = [];
    const firstTurn = declarations.declareToolChanges(
      { messages: transcript, tools },
      [user("hi")],
      { now: () => 1 },
    );
    transcript.push(...firstTurn);
    expect(firstTurn[0]).toEqual({
      role: "system",
      content: "",
      timestamp: 1,
      toolsAdded: tools.list().map((tool) => toToolDeclaration(tool)),
    });
    const secondTurn = [user("again")];
    expect(declarations.declareToolChanges({ messages: transcript, tools }, secondTurn)).toBe(
      secondTurn,
    );
    tools.unregister("write");
    const changes = declarations.getToolStateChanges(
      declarations.getCurrentTools(transcript),
      tools.list(),
    );
    expect(changes).toEqual({ toolsAdded: [], toolsRemoved: [{ name: "write" }] });
    expect(
      declarations.explainToolChanges(declarations.getCurrentTools(transcript), tools.list()),
    ).toEqual([{ type: "removed", name: "write", message: "write: removed" }]);
  });

  it("should declare a Standard Schema tool by the JSON Schema its library produces", () => {
    const declarations = createToolDeclarations();
    const convert = {
      name: "convert",
      description: "Convert a length",
      parameters: z.object({ meters: z.number() }),
      execute: () => ({ content: [] }),
    };
    const declaration = declarations.toToolDeclaration(convert);
    expect(declaration).toEqual({
      name: "convert",
      description: "Convert a length",
      parameters: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { meters: { type: "number" } },
        required: ["meters"],
      },
    });
    expect(declarations.declarationsEqual(convert, declaration)).toBe(true);
  });
});
