// Chat Completions wire shapes this package emits and reads (checked against `openai` types in
// the type tests; no runtime dependency on the SDK).

/** A `tools[]` entry of a Chat Completions request. */
export interface OpenAiChatTool {
  readonly type: "function";
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: Record<string, unknown>;
    readonly strict: boolean;
  };
}

/** One tool call of an assistant message, as the API sends and takes it. */
export interface OpenAiChatToolCall {
  readonly id: string;
  readonly type: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

/** The part of a Chat Completions response this package reads. */
export interface OpenAiChatResponse {
  readonly choices: readonly {
    readonly message: {
      readonly content?: string | null;
      readonly tool_calls?:
        | readonly {
            readonly id: string;
            readonly type: string;
            readonly function?: { readonly name: string; readonly arguments: string };
          }[]
        | null;
    };
    readonly finish_reason?: string | null;
  }[];
}

/** A `role: "tool"` message carrying one result. */
export interface OpenAiChatToolMessage {
  readonly role: "tool";
  readonly tool_call_id: string;
  readonly content: string;
}

/** One part of the user message that carries tool-result media (`mediaInUserMessage`). */
export type OpenAiChatMediaPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image_url"; readonly image_url: { readonly url: string } }
  | {
      readonly type: "input_audio";
      readonly input_audio: { readonly data: string; readonly format: "wav" | "mp3" };
    }
  | {
      readonly type: "file";
      readonly file: { readonly file_data: string; readonly filename: string };
    };

/**
 * The optional user message after the tool messages that carries tool-result media
 * (`openaiChat.mediaInUserMessage`): images, wav/mp3 audio and PDFs, each after a `<toolCallId>:`
 * text.
 */
export interface OpenAiChatMediaMessage {
  readonly role: "user";
  readonly content: OpenAiChatMediaPart[];
}

/** An assistant message replaying tool calls. */
export interface OpenAiChatAssistantMessage {
  readonly role: "assistant";
  readonly content: null;
  readonly tool_calls: OpenAiChatToolCall[];
}
