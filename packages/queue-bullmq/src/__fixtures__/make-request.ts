import { randomUUID } from "node:crypto";
import type { JsonObject, ToolUpdate } from "@toolwright/tool-core";
import type { ToolDispatchRequest } from "@toolwright/tool-exec";

/** A dispatch request as the executor would build it, with a fresh batch id. */
export function makeRequest(
  toolName: string,
  args: JsonObject = {},
  overrides: Partial<ToolDispatchRequest> = {},
): ToolDispatchRequest {
  const batchId = overrides.batchId ?? `batch-${randomUUID()}`;
  const callId = overrides.toolCall?.id ?? `call:${toolName}:${randomUUID().slice(0, 8)}`;
  return {
    v: 1,
    key: `${batchId}:${callId}`,
    batchId,
    toolCall: { type: "toolCall", id: callId, name: toolName, arguments: args },
    toolName,
    args,
    replay: "never",
    attempt: 1,
    ...overrides,
  };
}

/** `io` for `execute`: a signal and the updates received. */
export function makeIo(signal: AbortSignal = new AbortController().signal) {
  const updates: ToolUpdate[] = [];
  return { signal, updates, onUpdate: (partial: ToolUpdate) => void updates.push(partial) };
}

/** A queue name no other test file uses (`tw_<random>`). */
export function freshQueueName(): string {
  return `tw_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** Redis connection options from a `redis://host:port` URL. */
export function redisConnection(url: string) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port), maxRetriesPerRequest: null };
}
