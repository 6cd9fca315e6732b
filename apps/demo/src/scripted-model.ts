import type {
  AssistantContent,
  Message,
  StopReason,
  ToolCall,
  ToolResultMessage,
} from "@toolwright/tool-core";
import { parseToolCallArguments } from "@toolwright/tool-core";
import type { ChatModel, ModelRequest, ModelTurn, Scene } from "./chat-model";
import { contentText } from "./render/format-text";

/** A tool call as a model writes it: a name and the raw argument *text*. */
export interface ScriptedCall {
  readonly name: string;
  readonly argumentsText: string;
}

/** One scripted assistant turn. Its calls may depend on the transcript (earlier results). */
export interface ScriptedTurn extends Scene {
  readonly text?: string;
  readonly stopReason?: StopReason;
  /**
   * The turn's tool calls, built from the transcript so far (a model reads earlier results).
   *
   * **Contract:** must not mutate `messages`; a throw rejects the model's `complete`, which ends
   * the loop with `model_error`.
   */
  calls(messages: readonly Message[]): readonly ScriptedCall[];
}

/**
 * The embedded model: plays `turns` in order, one per request, and answers with plain text (no
 * tool calls) once they run out. Each call's argument text goes through `parseToolCallArguments`
 * exactly as a real provider adapter's would, so malformed JSON becomes an `argumentsError`.
 */
export function createScriptedModel(turns: readonly ScriptedTurn[]): ChatModel {
  let index = 0;
  return {
    name: "scripted",
    async complete(request: ModelRequest): Promise<ModelTurn> {
      const turn = turns[index];
      index += 1;
      if (turn === undefined) {
        return {
          message: {
            role: "assistant",
            content: [{ type: "text", text: "All done." }],
            stopReason: "stop",
            timestamp: Date.now(),
          },
        };
      }
      const calls = turn
        .calls(request.messages)
        .map((call, position) => toToolCall(call, `call_${index}_${position + 1}`));
      const content: AssistantContent[] = [];
      if (turn.text !== undefined) content.push({ type: "text", text: turn.text });
      content.push(...calls);
      return {
        message: {
          role: "assistant",
          content,
          stopReason: turn.stopReason ?? (calls.length > 0 ? "toolUse" : "stop"),
          timestamp: Date.now(),
        },
        scene: { title: turn.title, narration: turn.narration },
      };
    },
  };
}

function toToolCall(call: ScriptedCall, id: string): ToolCall {
  const parsed = parseToolCallArguments(call.argumentsText);
  return {
    type: "toolCall",
    id,
    name: call.name,
    arguments: parsed.arguments,
    ...(parsed.argumentsError === undefined ? {} : { argumentsError: parsed.argumentsError }),
  };
}

/** The text of the latest successful result of `toolName` in `messages`, or `undefined`. */
export function findLatestResultText(
  messages: readonly Message[],
  toolName: string,
): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role !== "toolResult" || message.toolName !== toolName || message.isError)
      continue;
    return textOf(message);
  }
  return undefined;
}

function textOf(message: ToolResultMessage): string {
  return contentText(message.content);
}
