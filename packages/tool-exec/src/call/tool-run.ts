import {
  type AssistantMessage,
  type Seam,
  type SeamImplementations,
  type ToolCall,
  ToolRegistry,
  type ToolSource,
  type ToolUpdate,
} from "@toolwright/tool-core";
import {
  type ResolvedApprovalOptions,
  resolveApprovalOptions,
} from "../approval/resolve-approval-options";
import type { ToolDispatcher } from "../dispatch/tool-dispatcher";
import { keepShapeAlive } from "../keep-shape-alive";
import type { AfterToolCallHook, BeforeToolCallHook } from "./hooks";
import type { RunToolCallOptions } from "./run-tool-call-options";

/** The signal of a run that was given none: present (the SPEC says always), never aborts. */
const NEVER_ABORTED_SIGNAL: AbortSignal = new AbortController().signal;

const DEFAULT_TIMEOUT_GRACE_MS = 100;

/** Receives a call's partial results inside the executor (the batch turns them into events). */
export type InternalUpdateListener = (partialResult: ToolUpdate, toolCall: ToolCall) => unknown;

type SeamMap = ReadonlyMap<Seam<unknown>, unknown>;

// A list of seam pairs is turned into a Map once per list, not once per call.
const seamMapsByList = new WeakMap<object, SeamMap>();

/** What a run takes besides its options, where they do not say it (see the constructor). */
export interface ToolRunScope {
  /** Default: `options.signal`. */
  readonly signal?: AbortSignal | undefined;
  /** Default: `options.tools`. */
  readonly tools?: ToolSource | undefined;
  /** The message whose calls the run executes; hooks see it. */
  readonly assistantMessage?: AssistantMessage | undefined;
  /** Default: a random id, made when first read. */
  readonly batchId?: string | undefined;
  /** Default: `options.approval`, checked. */
  readonly approval?: ResolvedApprovalOptions | undefined;
  /**
   * A worker's run of one dispatched call: the `idempotencyKey` the coordinator sent for it.
   * Default: `${batchId}:${toolCallId}` (what a coordinator sends).
   */
  readonly idempotencyKey?: string | undefined;
}

/**
 * The options of one run, resolved once: the registry, the seam map, normalised limits. Built per
 * `runToolCall` and once per batch, so the per-call path reads plain fields.
 */
export class ToolRun {
  readonly options: Omit<RunToolCallOptions<unknown>, "tools">;
  readonly tools: ToolSource;
  readonly registry: ToolRegistry;
  /** The run's signal, if it has one (`undefined` lets a call skip listening to it). */
  readonly signal: AbortSignal | undefined;
  /** What hooks and tools without a time limit receive: the run's signal or one that never aborts. */
  readonly signalOrNever: AbortSignal;
  readonly seams: SeamMap | undefined;
  readonly beforeToolCall: BeforeToolCallHook<unknown> | undefined;
  readonly afterToolCall: AfterToolCallHook<unknown> | undefined;
  readonly context: unknown;
  readonly timeoutMs: number | undefined;
  readonly timeoutGraceMs: number;
  readonly updateListener: InternalUpdateListener | undefined;
  /** The message whose calls this run executes (`executeAssistantMessage`); hooks see it. */
  readonly assistantMessage: AssistantMessage | undefined;
  /** Runs step 6 remotely for the tools it handles; `undefined`: every call is local. */
  readonly dispatcher: ToolDispatcher | undefined;
  /** The checked `approval` option (defaults when absent: tools' own `needsApproval` applies). */
  readonly approval: ResolvedApprovalOptions;
  #batchId: string | undefined;
  readonly #idempotencyKey: string | undefined;

  static {
    // See keep-shape-alive.ts.
    const options: RunToolCallOptions<unknown> = { tools: [] };
    keepShapeAlive(() => new ToolRun(options, undefined));
  }

  /**
   * `scope` says what `options` do not, or overrides it: `executeToolCall` passes its own `tools`
   * so it need not copy the options object per call; a batch its id and message; a nested call
   * the calling tool's signal.
   */
  constructor(
    options: Omit<RunToolCallOptions<unknown>, "tools"> & { readonly tools?: ToolSource },
    updateListener: InternalUpdateListener | undefined,
    scope: ToolRunScope = {},
  ) {
    const signal = scope.signal ?? options.signal;
    const tools = scope.tools ?? (options.tools as ToolSource);
    this.options = options;
    this.tools = tools;
    this.registry = ToolRegistry.from(tools);
    this.signal = signal;
    this.signalOrNever = signal ?? NEVER_ABORTED_SIGNAL;
    this.seams = options.seams === undefined ? undefined : toSeamMap(options.seams);
    this.beforeToolCall = options.beforeToolCall;
    this.afterToolCall = options.afterToolCall;
    this.context = options.context;
    this.timeoutMs = normalizeTimeout(options.timeoutMs);
    const grace = options.timeoutGraceMs;
    this.timeoutGraceMs =
      typeof grace === "number" && grace >= 0 && Number.isFinite(grace)
        ? grace
        : DEFAULT_TIMEOUT_GRACE_MS;
    this.updateListener = updateListener;
    this.assistantMessage = scope.assistantMessage;
    this.approval = scope.approval ?? resolveApprovalOptions(options.approval);
    this.#batchId = scope.batchId;
    this.#idempotencyKey = scope.idempotencyKey;
    this.dispatcher = options.dispatcher;
  }

  /**
   * The batch's id, the prefix of every call's `idempotencyKey`. A run outside a batch
   * (`runToolCall`) gets a random one the first time it is read.
   */
  get batchId(): string {
    this.#batchId ??= crypto.randomUUID();
    return this.#batchId;
  }

  /** The `idempotencyKey` of the run's call `toolCallId`: the same across attempts and processes. */
  idempotencyKeyOf(toolCallId: string): string {
    return this.#idempotencyKey ?? `${this.batchId}:${toolCallId}`;
  }

  /**
   * The same run for a nested call: same options, batch id and approval, the calling tool's signal,
   * no update stream.
   */
  nested(signal: AbortSignal): ToolRun {
    return new ToolRun(this.options, undefined, {
      signal,
      tools: this.tools,
      assistantMessage: this.assistantMessage,
      batchId: this.batchId,
      approval: this.approval,
    });
  }
}

/** A usable time limit or `undefined` (no limit): positive and finite only. */
export function normalizeTimeout(value: unknown): number | undefined {
  return typeof value === "number" && value > 0 && Number.isFinite(value) ? value : undefined;
}

function toSeamMap(seams: SeamImplementations): SeamMap {
  if (isReadonlyMap(seams)) return seams;
  let map = seamMapsByList.get(seams);
  if (map === undefined) {
    const built = new Map<Seam<unknown>, unknown>();
    for (const binding of seams) built.set(binding[0], binding[1]);
    map = built;
    seamMapsByList.set(seams, map);
  }
  return map;
}

function isReadonlyMap(value: SeamImplementations): value is SeamMap {
  return (
    typeof (value as Partial<SeamMap>).get === "function" &&
    typeof (value as Partial<SeamMap>).has === "function"
  );
}
