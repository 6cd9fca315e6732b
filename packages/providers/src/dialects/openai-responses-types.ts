// Responses API wire shapes this package emits and reads.

/** A `tools[]` entry of a Responses request (also inside `additional_tools`). */
export interface OpenAiResponsesTool {
  readonly type: "function";
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
  readonly strict: boolean;
}

/** A `function_call` item, as the API sends it and as it is replayed. */
export interface OpenAiResponsesFunctionCall {
  readonly type: "function_call";
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
  readonly id?: string;
}

/** The part of a Responses response this package reads. */
export interface OpenAiResponsesResponse {
  /** Output items; only `function_call` items are read (see {@link OpenAiResponsesFunctionCall}). */
  readonly output: readonly { readonly type: string }[];
  readonly incomplete_details?: { readonly reason?: string } | null;
}

/** A `function_call_output` input item carrying one result. */
export interface OpenAiResponsesFunctionCallOutput {
  readonly type: "function_call_output";
  readonly call_id: string;
  readonly output: string | OpenAiResponsesOutputPart[];
}

/** One part of a `function_call_output` that carries more than text. */
export type OpenAiResponsesOutputPart =
  | { readonly type: "input_text"; readonly text: string }
  /** An image by data URL (`data:image/png;base64,…`) or by URL. */
  | { readonly type: "input_image"; readonly image_url: string }
  /** A document by data URL with its name, or by URL. */
  | { readonly type: "input_file"; readonly file_data: string; readonly filename: string }
  | { readonly type: "input_file"; readonly file_url: string };

/** Tools added mid-conversation, as an input item (`midConversationTools`). */
export interface OpenAiResponsesAdditionalTools {
  readonly type: "additional_tools";
  readonly role: "developer";
  readonly tools: OpenAiResponsesTool[];
}
