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
    /** Images of a tool result go inside `functionResponse.parts` (default `true`) or beside it. */
    readonly functionResponseParts?: boolean;
    /**
     * Replay a call without a thought signature with the documented Gemini 3 sentinel
     * `"skip_thought_signature_validator"` (and a warning). Default `false`.
     */
    readonly thoughtSignatureSentinel?: boolean;
  };
  readonly openaiChat?: {
    /** Send tool-result images in one user message after the tool messages. Default `false`. */
    readonly imagesInUserMessage?: boolean;
  };
}
