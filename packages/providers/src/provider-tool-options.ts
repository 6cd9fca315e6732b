/** Options of `toProviderTools` and `planTranscriptTools`. Every field has a default. */
export interface ProviderToolOptions {
  /**
   * Which tools ask the provider for constrained sampling: `"declared"` (default) those whose
   * declaration has `constrainedSampling: true`; `"all"`; `"none"`.
   */
  readonly strict?: "declared" | "all" | "none";
  /**
   * What to do with a strict-requested tool whose schema the provider's strict mode cannot hold:
   * `"downgrade"` (default) sends it non-strict and reports why; `"throw"` throws
   * `ProviderError("UNSUPPORTED_SCHEMA")`.
   */
  readonly unrepresentable?: "downgrade" | "throw";
  /**
   * Carry tool changes inside the conversation: Responses `additional_tools` items, Anthropic's
   * mid-conversation tool changes (beta). Default `false`: every change is folded into `tools`.
   */
  readonly midConversationTools?: boolean;
  readonly gemini?: {
    /** Which declaration field carries the schema. Default `"parametersJsonSchema"`. */
    readonly schemaField?: "parametersJsonSchema" | "parameters";
    /**
     * A tool result's media go inside `functionResponse.parts` (default `true`, for models that
     * take multimodal function responses) or as parts beside it.
     */
    readonly functionResponseParts?: boolean;
    /**
     * Replay a call without a thought signature with the documented Gemini 3 sentinel
     * `"skip_thought_signature_validator"` (and a warning). Default `false`.
     */
    readonly thoughtSignatureSentinel?: boolean;
  };
  readonly openaiChat?: {
    /**
     * Send tool-result media the Chat format takes (images, wav/mp3 audio, PDFs) in one user
     * message after the tool messages, instead of placeholder texts. Default `false`.
     */
    readonly mediaInUserMessage?: boolean;
  };
  /**
   * Leave out of tool results the blocks whose `annotations.audience` is set and lacks
   * `"assistant"` (meant for the user only): they stay in the transcript, not in what the model
   * gets. Default `true`.
   */
  readonly respectAudience?: boolean;
}
