import type { ToolContent } from "@toolwright/tool-core";
import type { AfterToolCallHook } from "@toolwright/tool-exec";

/** API-key shapes worth hiding from the model: OpenAI-style `sk-…` and `KEY=value` lines. */
const SECRET = /\bsk-[A-Za-z0-9_-]{8,}|\b([A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD))=\S+/g;

/**
 * Told how many secrets were replaced in a call's result.
 *
 * **Contract:** synchronous; must not throw (a throw turns the call into an error result).
 */
export type RedactionListener = (toolCallId: string, toolName: string, secrets: number) => void;

/** Replaces every secret in `text`; returns the new text and how many were replaced. */
export function redactSecrets(text: string): { readonly text: string; readonly secrets: number } {
  let secrets = 0;
  const redacted = text.replace(SECRET, (_match, name: string | undefined) => {
    secrets += 1;
    return name === undefined ? "[redacted]" : `${name}=[redacted]`;
  });
  return { text: redacted, secrets };
}

/**
 * An `afterToolCall` hook that redacts secrets from every text part of a result. It returns only
 * `content` — fields replace whole, so `details` stays and `structuredContent` is dropped (it
 * could still hold the secret).
 */
export function createSecretRedactor(onRedact?: RedactionListener): AfterToolCallHook {
  return ({ toolCall, result }) => {
    let total = 0;
    const content: ToolContent[] = result.content.map((part) => {
      if (part.type !== "text") return part;
      const { text, secrets } = redactSecrets(part.text);
      total += secrets;
      return secrets === 0 ? part : { type: "text", text };
    });
    if (total === 0) return undefined;
    onRedact?.(toolCall.id, toolCall.name, total);
    return { content };
  };
}
