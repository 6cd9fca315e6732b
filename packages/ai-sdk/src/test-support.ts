// Helpers shared by this package's tests (not part of the public API, not bundled).
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
} from "@ai-sdk/provider";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";

/** One call a scripted model asks for: its id, tool name and argument text (or value). */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** A scripted turn: the calls the model asks for, or its final text. */
export type ScriptedTurn = readonly ScriptedCall[] | string;

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function argumentText(input: unknown): string {
  return typeof input === "string" ? input : JSON.stringify(input);
}

/** A generate result for one scripted turn. */
export function generateTurn(turn: ScriptedTurn): LanguageModelV4GenerateResult {
  if (typeof turn === "string") {
    return {
      content: [{ type: "text", text: turn }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: USAGE,
      warnings: [],
    };
  }
  return {
    content: turn.map((call) => ({
      type: "tool-call" as const,
      toolCallId: call.id,
      toolName: call.name,
      input: argumentText(call.input),
    })),
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage: USAGE,
    warnings: [],
  };
}

/** A stream result for one scripted turn. */
export function streamTurn(turn: ScriptedTurn): LanguageModelV4StreamResult {
  const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
  if (typeof turn === "string") {
    parts.push(
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: turn },
      { type: "text-end", id: "t" },
      { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: USAGE },
    );
  } else {
    for (const call of turn) {
      parts.push({
        type: "tool-call",
        toolCallId: call.id,
        toolName: call.name,
        input: argumentText(call.input),
      });
    }
    parts.push({
      type: "finish",
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
      usage: USAGE,
    });
  }
  return { stream: convertArrayToReadableStream(parts) };
}

/**
 * The AI SDK's own test model playing `turns` in order, for `generateText` and `streamText`
 * alike; `prompts` records what the SDK sent it each turn.
 */
export function createScriptedModel(turns: readonly ScriptedTurn[]) {
  const prompts: LanguageModelV4CallOptions["prompt"][] = [];
  let next = 0;
  const take = (options: LanguageModelV4CallOptions): ScriptedTurn => {
    prompts.push(options.prompt);
    const turn = turns[next++];
    if (turn === undefined) throw new Error(`the script has no turn ${next}`);
    return turn;
  };
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => generateTurn(take(options)),
    doStream: async (options) => streamTurn(take(options)),
  });
  return { model, prompts };
}

/** The tool results of the last prompt's last message, by tool call id. */
export function lastToolResults(
  prompts: readonly LanguageModelV4CallOptions["prompt"][],
): Record<string, unknown> {
  const prompt = prompts.at(-1) ?? [];
  const results: Record<string, unknown> = {};
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") results[part.toolCallId] = part.output;
    }
  }
  return results;
}

/** A promise with its resolve in hand, for ordering tests without sleeps. */
export function createDeferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
