import {
  copyJsonValue,
  type Seam,
  type ToolCall,
  type ToolContext,
  ToolError,
  type ToolRegistry,
  type ToolUpdate,
} from "@toolwright/tool-core";
import type { ToolDispatchRequest } from "@toolwright/tool-exec";
import { runToolCall, ToolRunnerSeam } from "@toolwright/tool-exec";

/** What a worker's tool context needs from the worker and the job. */
export interface WorkerToolContextHost {
  readonly tools: ToolRegistry;
  readonly seams: ReadonlyMap<Seam<unknown>, unknown>;
  /** Sends one partial result to the coordinator (`job.updateProgress`). */
  sendProgress(partial: unknown): Promise<void>;
}

/**
 * The `ToolContext` a tool gets on a worker: the request's `idempotencyKey`, the attempt the worker
 * computed, the job's signal (cancellation and the call's time limit), `onUpdate` as job progress,
 * the worker's seams, and `ToolRunnerSeam` running nested calls on the worker.
 */
export class WorkerToolContext implements ToolContext {
  readonly toolCallId: string;
  readonly toolCall: ToolCall;
  readonly idempotencyKey: string;
  readonly attempt: number;
  readonly signal: AbortSignal;
  readonly onUpdate: (partial: ToolUpdate) => void;
  readonly use: <T>(seam: Seam<T>) => T;
  /**
   * The progress writes, one after another: sent all at once, a backend with a connection pool
   * (BullMQ's PostgreSQL one) may commit them out of order, and the coordinator would show step 3
   * before step 2.
   */
  #sent: Promise<void> = Promise.resolve();
  #settled = false;

  constructor(
    host: WorkerToolContextHost,
    request: ToolDispatchRequest,
    attempt: number,
    signal: AbortSignal,
  ) {
    this.toolCall = request.toolCall;
    this.toolCallId = request.toolCall.id;
    this.idempotencyKey = request.key;
    this.attempt = attempt;
    this.signal = signal;
    this.onUpdate = (partial) => {
      if (this.#settled) return;
      const sendable = toSendableUpdate(partial);
      if (sendable === undefined) return;
      // A failed progress write must not fail the tool: the result still matters more.
      this.#sent = this.#sent.then(() => host.sendProgress(sendable)).catch(() => {});
    };
    this.use = <T>(seam: Seam<T>): T => {
      if (seam === (ToolRunnerSeam as Seam<unknown>)) {
        const runner = {
          runToolCall: (toolCall: ToolCall) =>
            runToolCall(toolCall, { tools: host.tools, seams: host.seams, signal }),
        };
        return runner as T;
      }
      if (host.seams.has(seam)) return host.seams.get(seam) as T;
      throw new ToolError("SEAM_NOT_PROVIDED", `Seam ${seam.name} is not provided`);
    };
  }

  /** Ignores later updates and waits for the sent ones, so progress reaches the coordinator before the result. */
  async settle(): Promise<void> {
    this.#settled = true;
    await this.#sent;
  }
}

/** A partial result as JSON: a non-JSON `details` is left out, an unusable update is skipped. */
function toSendableUpdate(partial: ToolUpdate): unknown {
  const copied = copyJsonValue(partial);
  if (copied.ok) return copied.value;
  if (partial === null || typeof partial !== "object") return undefined;
  const content = copyJsonValue(partial.content);
  return content.ok && content.value !== undefined ? { content: content.value } : undefined;
}
