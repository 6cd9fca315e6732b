// The code examples of packages/transcript/README.md, compiled by the demo's `typecheck` so a
// README example that stops compiling fails CI. The README's free variables (`readTool`,
// `writeTool`, `provider`, `before`, `after`) are declared here with the types it implies.
import type { Tool, ToolDeclaration } from "@toolwright/tool-core";
import { ToolRegistry } from "@toolwright/tool-core";
import {
  declareToolChanges,
  explainToolChanges,
  getCurrentTools,
  hasNonAdditiveToolChanges,
  parseTranscript,
  resolveTranscriptTools,
  serializeTranscript,
  type TranscriptMessage,
} from "@toolwright/transcript";

declare const readTool: Tool;
declare const writeTool: Tool;
declare const provider: { send(messages: readonly TranscriptMessage[]): Promise<unknown> };
declare const before: readonly ToolDeclaration[];
declare const after: readonly ToolDeclaration[];

// ## The loop
const registry = new ToolRegistry([readTool, writeTool]);
const transcript: TranscriptMessage[] = [];

export async function request(pending: TranscriptMessage[]): Promise<unknown> {
  const outgoing = declareToolChanges({ messages: transcript, tools: registry }, pending);
  transcript.push(...outgoing);
  return provider.send(transcript);
}

// ### What the provider receives
export function whatTheProviderReceives(
  messages: readonly TranscriptMessage[],
  committedLength: number,
) {
  const { requestTools, foldedSystemMessages } = resolveTranscriptTools(messages, "additions");
  const breaksCache = hasNonAdditiveToolChanges(messages, committedLength);
  return { requestTools, folded: foldedSystemMessages.size, breaksCache };
}

// ### Why did the cache miss?
export function logCacheMiss(): void {
  for (const explanation of explainToolChanges(before, after)) console.log(explanation.message);
}

// ## API: a saved transcript replays to the same tools
export function saveAndLoad(messages: readonly TranscriptMessage[]): ToolDeclaration[] {
  return getCurrentTools(parseTranscript(serializeTranscript(messages)));
}
