export { toAssistantMessage } from "./to-assistant-message";
export { toChatCompletionMessages } from "./to-chat-completion-messages";
