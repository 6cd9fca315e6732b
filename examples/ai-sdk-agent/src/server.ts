// Where the app builds its tools: the one line that moved it to Toolwright.
import { toAiSdkTools } from "@toolwright/ai-sdk";
import type { LanguageModel, UIMessage } from "ai";
import { respond } from "./chat";
import { createRegistry, type Files } from "./tools";

export function createTools(files: Files) {
  // before: return createLegacyTools(files);
  return toAiSdkTools(createRegistry(files));
}

/** The chat route: UI messages in, the UI message stream `useChat` reads out. */
export function createChatHandler(model: LanguageModel, files: Files) {
  const tools = createTools(files);
  return (messages: UIMessage[]) => respond({ model, tools, messages });
}
