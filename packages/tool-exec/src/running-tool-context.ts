import type { Seam, ToolCall, ToolContext, ToolUpdate } from "@toolwright/tool-core";
import { keepShapeAlive } from "./keep-shape-alive";

/** What a running call gives its tool's context: the executor side of `onUpdate` and `use`. */
export interface ToolContextHost {
  readonly toolCall: ToolCall;
  /** Handles one `onUpdate`; ignores it once the call settled. Never throws. */
  acceptUpdate(partial: ToolUpdate): void;
  /** The seam's implementation; throws a `ToolError` (`SEAM_NOT_PROVIDED`) when the run has none. */
  useSeam<T>(seam: Seam<T>, signal: AbortSignal): T;
}

/**
 * The `ToolContext` a tool receives. A class rather than an object literal with closures: the
 * per-call path allocates one object, and `onUpdate`/`use` are bound only when a tool reads them,
 * so a tool may keep `const { onUpdate } = context` and call it later (a late call is ignored).
 */
export class RunningToolContext implements ToolContext {
  readonly toolCallId: string;
  readonly signal: AbortSignal;
  readonly toolCall: ToolCall;
  /** Always 1 until the durable journal (SPEC §11) can run a `replay: "safe"` call again. */
  readonly attempt: number = 1;
  readonly #host: ToolContextHost;
  #idempotencyKey: string | undefined;
  #boundUpdate: ((partial: ToolUpdate) => void) | undefined;
  #boundUse: (<T>(seam: Seam<T>) => T) | undefined;

  static {
    // See keep-shape-alive.ts.
    const host: ToolContextHost = {
      toolCall: { type: "toolCall", id: "", name: "", arguments: {} },
      acceptUpdate() {},
      useSeam() {
        throw new Error("unused");
      },
    };
    const signal = new AbortController().signal;
    keepShapeAlive(() => new RunningToolContext(host, signal));
  }

  constructor(host: ToolContextHost, signal: AbortSignal) {
    this.#host = host;
    this.toolCall = host.toolCall;
    this.toolCallId = host.toolCall.id;
    this.signal = signal;
  }

  /**
   * `${batchId}:${toolCallId}`. Until batches carry a `batchId` (SPEC §10), each call gets a fresh
   * random id in its place, made only when a tool reads the key.
   */
  get idempotencyKey(): string {
    this.#idempotencyKey ??= `${crypto.randomUUID()}:${this.toolCallId}`;
    return this.#idempotencyKey;
  }

  get onUpdate(): (partial: ToolUpdate) => void {
    if (this.#boundUpdate === undefined) {
      const host = this.#host;
      this.#boundUpdate = (partial) => host.acceptUpdate(partial);
    }
    return this.#boundUpdate;
  }

  get use(): <T>(seam: Seam<T>) => T {
    if (this.#boundUse === undefined) {
      const host = this.#host;
      const signal = this.signal;
      this.#boundUse = (seam) => host.useSeam(seam, signal);
    }
    return this.#boundUse;
  }
}
