// The app's chat endpoint, as an AI SDK app writes it: UI messages in, a UI message stream out, a
// stop condition, and approvals handled by the AI SDK's own flow. Nothing here knows Toolwright.
import {
  convertToModelMessages,
  type LanguageModel,
  stepCountIs,
  streamText,
  type ToolSet,
  type UIMessage,
} from "ai";

export interface ChatOptions {
  readonly model: LanguageModel;
  readonly tools: ToolSet;
  readonly messages: UIMessage[];
}

/** Answers the conversation so far; the returned stream is what `useChat` reads. */
export async function respond({ model, tools, messages }: ChatOptions) {
  const result = streamText({
    model,
    system: "You help with the weather and the workspace.",
    messages: await convertToModelMessages(messages, { tools }),
    tools,
    stopWhen: stepCountIs(5),
  });
  return result.toUIMessageStream({ originalMessages: messages });
}
