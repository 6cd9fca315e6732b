/** A tool call as the model asked for it, after its argument text was parsed. */
export interface ToolCall {
  /** Always `"toolCall"`: what marks this block of an assistant message as a call. */
  readonly type: "toolCall";
  /** The provider's id for this call; its result is paired with it. */
  readonly id: string;
  /**
   * The canonical tool name (provider adapters map provider names back; unknown names stay as
   * written).
   */
  readonly name: string;
  /** The parsed arguments; `{}` when `argumentsError` is set. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /**
   * Set when the model's argument text was not a JSON object: why, then `Received arguments:` and
   * the raw text. See `parseToolCallArguments`.
   */
  readonly argumentsError?: string | undefined;
  /**
   * What a provider adapter needs to replay this call exactly (for example a Gemini thought
   * signature or a Responses item id), as a JSON object. Only the adapter that wrote it reads it.
   */
  readonly providerData?: Readonly<Record<string, unknown>> | undefined;
}
