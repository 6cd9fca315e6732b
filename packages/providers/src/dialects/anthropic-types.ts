// Anthropic Messages wire shapes this package emits and reads.

/** A `tools[]` entry of a Messages request. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: { readonly type: "object"; readonly [keyword: string]: unknown };
  readonly strict?: true;
  /** Set on tools first introduced after the start (mid-conversation tool changes). */
  readonly defer_loading?: true;
}

/** A `tool_use` content block. */
export interface AnthropicToolUseBlock {
  readonly type: "tool_use";
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** The part of a Messages response this package reads. */
export interface AnthropicResponse {
  /** Content blocks; only `tool_use` blocks are read (see {@link AnthropicToolUseBlock}). */
  readonly content: readonly { readonly type: string }[];
  readonly stop_reason?: string | null;
}

/** Image media types a `tool_result` may carry. */
export type AnthropicImageMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/** An image in a `tool_result`: base64 bytes of one of the four media types, or a URL. */
export interface AnthropicImageBlock {
  readonly type: "image";
  readonly source:
    | {
        readonly type: "base64";
        readonly media_type: AnthropicImageMediaType;
        readonly data: string;
      }
    | { readonly type: "url"; readonly url: string };
}

/** A document in a `tool_result`: a PDF (base64 or URL) or plain text, with an optional title. */
export interface AnthropicDocumentBlock {
  readonly type: "document";
  readonly source:
    | { readonly type: "base64"; readonly media_type: "application/pdf"; readonly data: string }
    | { readonly type: "url"; readonly url: string }
    | { readonly type: "text"; readonly media_type: "text/plain"; readonly data: string };
  readonly title?: string;
}

/** One block of a `tool_result`'s content. */
export type AnthropicToolResultContentBlock =
  | { readonly type: "text"; readonly text: string }
  | AnthropicImageBlock
  | AnthropicDocumentBlock;

/** One `tool_result` block. */
export interface AnthropicToolResultBlock {
  readonly type: "tool_result";
  readonly tool_use_id: string;
  readonly content?: string | AnthropicToolResultContentBlock[];
  readonly is_error?: true;
}

/** The user message carrying every result of one turn. */
export interface AnthropicToolResultMessage {
  readonly role: "user";
  readonly content: AnthropicToolResultBlock[];
}

/** A reference to a declared tool, inside a tool change block. */
export interface AnthropicToolReference {
  readonly type: "tool_reference";
  readonly name: string;
}

/** A mid-conversation `role: "system"` message (beta `mid-conversation-tool-changes-2026-07-01`). */
export interface AnthropicSystemMessage {
  readonly role: "system";
  readonly content: (
    | { readonly type: "text"; readonly text: string }
    | { readonly type: "tool_removal"; readonly tool: AnthropicToolReference }
    | { readonly type: "tool_addition"; readonly tool: AnthropicToolReference }
  )[];
}
