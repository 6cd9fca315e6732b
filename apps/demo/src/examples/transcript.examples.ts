// The code examples of packages/transcript/README.md, compiled by the demo's `typecheck` so a
// README example that stops compiling fails CI. The README's free variables (`readTool`,
// `writeTool`, `provider`, `before`, `after`) are declared here with the types it implies.
import type { Message, Tool, ToolDeclaration } from "@toolwright/tool-core";
import { ToolRegistry } from "@toolwright/tool-core";
import {
  createToolDeclarations,
  declareToolChanges,
  explainToolChanges,
  getCurrentTools,
  hasNonAdditiveToolChanges,
  parseTranscript,
  resolveTranscriptTools,
  serializeTranscript,
} from "@toolwright/transcript";

declare const readTool: Tool;
declare const writeTool: Tool;
declare const provider: { send(messages: readonly Message[]): Promise<unknown> };
declare const before: readonly ToolDeclaration[];
declare const after: readonly ToolDeclaration[];

// ## The loop
const registry = new ToolRegistry([readTool, writeTool]);
const transcript: Message[] = [];

export async function request(pending: Message[]): Promise<unknown> {
  const outgoing = declareToolChanges({ messages: transcript, tools: registry }, pending);
  transcript.push(...outgoing);
  return provider.send(transcript);
}

// ### What the provider receives
export function whatTheProviderReceives(messages: readonly Message[], committedLength: number) {
  const { requestTools, foldedSystemMessages } = resolveTranscriptTools(messages, "additions");
  const breaksCache = hasNonAdditiveToolChanges(messages, committedLength);
  return { requestTools, folded: foldedSystemMessages.size, breaksCache };
}

// ### Why did the cache miss?
export function logCacheMiss(): void {
  for (const explanation of explainToolChanges(before, after)) console.log(explanation.message);
}

// ## API: a saved transcript replays to the same tools
export function saveAndLoad(messages: readonly Message[]): ToolDeclaration[] {
  return getCurrentTools(parseTranscript(serializeTranscript(messages)));
}

// ## Caches and sessions: `createToolDeclarations`
export function perSession(pending: Message[]): ToolDeclaration[] {
  // one per session (or per tenant) of a server that runs many
  const declarations = createToolDeclarations();
  const outgoing = declarations.declareToolChanges(
    { messages: transcript, tools: registry },
    pending,
  );
  const tools = declarations.getCurrentTools([...transcript, ...outgoing]);
  return tools;
}
