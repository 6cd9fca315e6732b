import type { AssistantMessage, Message, ToolDeclaration } from "@toolwright/tool-core";

/** What the agent loop sends a model: the transcript so far and the tools it declares. */
export interface ModelRequest {
  /** The whole transcript, system messages with their tool changes included. */
  readonly messages: readonly Message[];
  /** The model-visible tools, replayed from the transcript (`getCurrentTools`). */
  readonly tools: readonly ToolDeclaration[];
  readonly signal?: AbortSignal;
}

/** A scripted turn's caption: what the demo shows with it. Real models have none. */
export interface Scene {
  readonly title: string;
  readonly narration: string;
}

/** One model answer. `message.stopReason` says why it stopped (`"length"` = cut off). */
export interface ModelTurn {
  readonly message: AssistantMessage;
  readonly scene?: Scene;
}

/** A chat model as the agent loop sees it: the embedded script or an OpenAI-compatible endpoint. */
export interface ChatModel {
  /** For the output: `scripted` or the model id. */
  readonly name: string;
  /**
   * Answers one request.
   *
   * **Contract:** must not mutate the request; may reject (a network or protocol failure) — the
   * loop then ends with reason `model_error` and reports the message.
   */
  complete(request: ModelRequest): Promise<ModelTurn>;
}
