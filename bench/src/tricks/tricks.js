// The V8 tricks of docs/performance.md, each as the patch that takes it out of the package's
// source. `build-variants.js` applies a patch to a copy of the source and bundles it beside an
// unpatched bundle of the same source; `run-tricks.js` times the two in one process. A patch whose
// text is no longer in the source makes its trick "not in this code" (the trick was removed or
// the file rewritten): the patch is then updated or the trick struck from the register.

/**
 * @typedef {object} Patch
 * @property {string} file path inside the package, e.g. `src/coerce/copy-object.ts`
 * @property {string} find exact text that must occur once
 * @property {string} replace what it becomes
 */

/**
 * @typedef {object} Trick
 * @property {string} id
 * @property {"schema-coerce" | "tool-exec"} pkg
 * @property {string} where
 * @property {string[]} measures what `ab-worker.js` measures for it (see `measureNames` there)
 * @property {Patch[]} patches the patch that removes the trick
 */

const scheduler = "src/batch/tool-call-scheduler.ts";

/**
 * Removes one class's `keepShapeAlive` call.
 * @param {string} file
 * @param {string} call the call's text
 * @returns {Patch}
 */
const withoutKeptShape = (file, call) => ({ file, find: call, replace: "void 0;" });

/** @type {Trick[]} */
export const tricks = [
  {
    id: "control: no change (A/A)",
    pkg: "schema-coerce",
    where: "—",
    measures: [
      "parse-valid",
      "parse-coercible",
      "parse-coercible-30",
      "parse-coercible-50",
      "parse-invalid",
      "memory-per-schema",
    ],
    patches: [],
  },
  {
    id: "leaf codes",
    pkg: "schema-coerce",
    where: "src/compile/leaf-check.ts",
    measures: ["parse-valid", "parse-invalid"],
    patches: [
      {
        file: "src/compile/leaf-check.ts",
        find: "export function leafCodeOf(node: SchemaNode): number {",
        replace:
          "export function leafCodeOf(node: SchemaNode): number {\n  if (node !== undefined) return LEAF_NONE;",
      },
    ],
  },
  {
    id: "fitted arrays",
    pkg: "schema-coerce",
    where: "src/compile/fitted.ts",
    measures: ["memory-per-schema", "parse-valid"],
    patches: [
      {
        file: "src/compile/fitted.ts",
        find: "  return array.length === 0 ? empty : array.slice();",
        replace: "  return array;",
      },
      {
        file: "src/compile/fitted.ts",
        find: "  return array.length === 0 ? empty : array.map(map);",
        replace: "  return array.map(map);",
      },
    ],
  },
  {
    id: "own-key test skipped for JSON objects (enumeratesOwnKeysOnly)",
    pkg: "schema-coerce",
    where: "src/compile/object/check-object.ts, src/compile/object/for-each-object-child.ts",
    measures: ["parse-valid", "parse-coercible", "parse-coercible-30", "parse-coercible-50"],
    patches: [
      "src/compile/object/check-object.ts",
      "src/compile/object/for-each-object-child.ts",
    ].map((file) => ({
      file,
      find: "    if (!ownOnly && !ownProperty.call(object, key)) continue;",
      replace: "    if (!Object.hasOwn(object, key)) continue;",
    })),
  },
  {
    id: "REST_COPY_LIMIT: object rest for up to four removed keys",
    pkg: "schema-coerce",
    where: "src/coerce/object-edits.ts",
    measures: ["parse-coercible", "parse-coercible-30", "parse-coercible-50"],
    patches: [
      {
        file: "src/coerce/object-edits.ts",
        find: "const REST_COPY_LIMIT = 4;",
        replace: "const REST_COPY_LIMIT = 0;",
      },
    ],
  },
  {
    id: "control: no change (A/A)",
    pkg: "tool-exec",
    where: "—",
    measures: ["per-call", "batch-1k-gc-each", "batch-1k", "batch-10k", "young-gc-10k", "held-10k"],
    patches: [],
  },
  {
    id: "keep-shape-alive (every class)",
    pkg: "tool-exec",
    where: "src/keep-shape-alive.ts",
    measures: ["per-call", "batch-1k-gc-each", "batch-1k", "batch-10k"],
    patches: [
      {
        file: "src/keep-shape-alive.ts",
        find: "export function keepShapeAlive(create: () => unknown): void {",
        replace:
          "export function keepShapeAlive(create: () => unknown): void {\n  if (create !== undefined) return;",
      },
    ],
  },
  {
    id: "keep-shape-alive: the per-call classes",
    pkg: "tool-exec",
    where: "CallFrame, RunningToolContext (Preflight until the frame rewrite)",
    measures: ["batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        "src/call/call-frame.ts",
        "keepShapeAlive(() => new CallFrame(toolCall, run, FIRST_START));",
      ),
      withoutKeptShape(
        "src/call/running-tool-context.ts",
        "keepShapeAlive(() => new RunningToolContext(toolCall, run, signal, runNested, 1));",
      ),
    ],
  },
  {
    id: "keep-shape-alive: the 4 per-batch classes",
    pkg: "tool-exec",
    where: "ToolRun, ToolEventQueue, ToolCallScheduler, BatchEvents",
    measures: ["batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        "src/call/tool-run.ts",
        "keepShapeAlive(() => new ToolRun(options, undefined));",
      ),
      withoutKeptShape(
        "src/batch/tool-event-queue.ts",
        "keepShapeAlive(() => new ToolEventQueue(undefined));",
      ),
      withoutKeptShape(
        scheduler,
        "keepShapeAlive(() => new ToolCallScheduler<unknown, void>(1, execute, () => undefined));",
      ),
      withoutKeptShape(
        "src/batch/batch-events.ts",
        "keepShapeAlive(() => new BatchEvents(queue, NO_OUTPUT_OPTIONS));",
      ),
    ],
  },
  {
    id: "keep-shape-alive: ToolRun",
    pkg: "tool-exec",
    where: "src/call/tool-run.ts",
    measures: ["per-call", "batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        "src/call/tool-run.ts",
        "keepShapeAlive(() => new ToolRun(options, undefined));",
      ),
    ],
  },
  {
    id: "keep-shape-alive: CallFrame",
    pkg: "tool-exec",
    where: "src/call/call-frame.ts",
    measures: ["per-call", "batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        "src/call/call-frame.ts",
        "keepShapeAlive(() => new CallFrame(toolCall, run, FIRST_START));",
      ),
    ],
  },
  {
    id: "keep-shape-alive: RunningToolContext",
    pkg: "tool-exec",
    where: "src/call/running-tool-context.ts",
    measures: ["per-call", "batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        "src/call/running-tool-context.ts",
        "keepShapeAlive(() => new RunningToolContext(toolCall, run, signal, runNested, 1));",
      ),
    ],
  },
  {
    id: "keep-shape-alive: ToolEventQueue",
    pkg: "tool-exec",
    where: "src/batch/tool-event-queue.ts",
    measures: ["batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        "src/batch/tool-event-queue.ts",
        "keepShapeAlive(() => new ToolEventQueue(undefined));",
      ),
    ],
  },
  {
    id: "keep-shape-alive: ToolCallScheduler",
    pkg: "tool-exec",
    where: scheduler,
    measures: ["batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        scheduler,
        "keepShapeAlive(() => new ToolCallScheduler<unknown, void>(1, execute, () => undefined));",
      ),
    ],
  },
  {
    id: "keep-shape-alive: BatchEvents",
    pkg: "tool-exec",
    where: "src/batch/batch-events.ts",
    measures: ["batch-1k-gc-each"],
    patches: [
      withoutKeptShape(
        "src/batch/batch-events.ts",
        "keepShapeAlive(() => new BatchEvents(queue, NO_OUTPUT_OPTIONS));",
      ),
    ],
  },
  {
    id: "START_SLICE",
    pkg: "tool-exec",
    where: scheduler,
    measures: ["batch-1k", "batch-10k", "young-gc-10k"],
    patches: [
      {
        file: scheduler,
        find: "export const START_SLICE = 64;",
        replace: "export const START_SLICE = Number.POSITIVE_INFINITY;",
      },
    ],
  },
  {
    id: "scheduler: lazy #indexes and #keyed",
    pkg: "tool-exec",
    where: scheduler,
    measures: ["batch-10k", "held-10k"],
    patches: [
      {
        file: scheduler,
        find: "    this.#finish = finish;\n  }",
        replace:
          "    this.#finish = finish;\n    this.#indexes = new Array(capacity);\n    this.#keyed = { keys: new Array(capacity), blockedBy: new Array(capacity), ready: [] };\n  }",
      },
    ],
  },
  {
    id: "RunningToolContext: lazy #updates and #boundUse",
    pkg: "tool-exec",
    where: "src/call/running-tool-context.ts",
    measures: ["batch-10k", "held-10k"],
    patches: [
      {
        file: "src/call/running-tool-context.ts",
        find: "    this.#runNested = runNested;\n  }",
        replace:
          "    this.#runNested = runNested;\n    void this.onUpdate;\n    void this.use;\n  }",
      },
    ],
  },
  {
    id: "FIRST_START shared",
    pkg: "tool-exec",
    where:
      "src/call/call-frame.ts, src/batch/run-parallel-calls.ts, src/batch/prepare-batch-call.ts, src/call/execute-tool.ts",
    measures: ["per-call", "batch-10k", "held-10k"],
    patches: [
      {
        file: "src/batch/run-parallel-calls.ts",
        find: "const frame = new CallFrame(toolCallOf(call), batch.run, FIRST_START);",
        replace:
          "const frame = new CallFrame(toolCallOf(call), batch.run, { attempt: 1, approval: undefined, again: false, remote: false, adopted: undefined, beforeExecute: undefined });",
      },
      {
        file: "src/batch/prepare-batch-call.ts",
        find: "const frame = new CallFrame(toolCall, preflight.run, FIRST_START);",
        replace:
          "const frame = new CallFrame(toolCall, preflight.run, { attempt: 1, approval: undefined, again: false, remote: false, adopted: undefined, beforeExecute: undefined });",
      },
      {
        file: "src/call/execute-tool.ts",
        find: "prepareToolCall(new CallFrame(toolCall, run, FIRST_START));",
        replace:
          "prepareToolCall(new CallFrame(toolCall, run, { attempt: 1, approval: undefined, again: false, remote: false, adopted: undefined, beforeExecute: undefined }));",
      },
    ],
  },
  {
    id: "CallFrame: two bound reactions per frame",
    pkg: "tool-exec",
    where: "src/call/call-frame.ts",
    measures: ["per-call", "batch-1k", "batch-10k", "young-gc-10k"],
    patches: [
      {
        file: "src/call/call-frame.ts",
        find: "    Promise.resolve(pending).then(this.#onFulfilled, this.#onRejected);",
        replace:
          "    Promise.resolve(pending).then(\n      (value) => next.resume(this, value),\n      (error) => next.fail(this, error),\n    );",
      },
      {
        file: "src/call/call-frame.ts",
        find: "    this.#onFulfilled ??= this.#fulfilled.bind(this);\n    this.#onRejected ??= this.#rejected.bind(this);\n",
        replace: "",
      },
    ],
  },
  {
    id: "CallFrame: frozen placeholders for tool, args, coercions",
    pkg: "tool-exec",
    where: "src/call/call-frame.ts",
    measures: ["per-call", "batch-10k", "held-10k"],
    patches: [
      {
        file: "src/call/call-frame.ts",
        find: "  tool: Tool = NO_TOOL;",
        replace: "  tool: Tool = undefined as unknown as Tool;",
      },
      {
        file: "src/call/call-frame.ts",
        find: "  args: Readonly<Record<string, unknown>> = NO_ARGS;",
        replace: "  args: Readonly<Record<string, unknown>> = undefined as never;",
      },
      {
        file: "src/call/call-frame.ts",
        find: "  coercions: ToolArgumentCoercions = NO_COERCIONS;",
        replace: "  coercions: ToolArgumentCoercions = undefined as never;",
      },
    ],
  },
  {
    id: "ToolRun: batchId made when first read",
    pkg: "tool-exec",
    where: "src/call/tool-run.ts",
    measures: ["per-call", "batch-1k"],
    patches: [
      {
        file: "src/call/tool-run.ts",
        find: "    this.#batchId = scope.batchId;",
        replace: "    this.#batchId = scope.batchId ?? crypto.randomUUID();",
      },
    ],
  },
  {
    id: "approval DEFAULTS: one frozen object for a run without approval options",
    pkg: "tool-exec",
    where: "src/approval/resolve-approval-options.ts",
    measures: ["per-call"],
    patches: [
      {
        file: "src/approval/resolve-approval-options.ts",
        find: "  if (approval === undefined) return DEFAULTS;",
        replace: "  if (approval === undefined) return { ...DEFAULTS };",
      },
    ],
  },
  {
    id: "CallStarter: the scheduler starts a frame with a token, not a promise per call",
    pkg: "tool-exec",
    where: "src/batch/run-parallel-calls.ts, src/batch/tool-call-scheduler.ts",
    measures: ["batch-1k", "batch-10k", "young-gc-10k", "held-10k"],
    patches: [
      {
        file: "src/batch/run-parallel-calls.ts",
        find: `    {
      start(frame, token, done) {
        // The scheduler is the frame's owner while it executes: \`done(slot, outcome)\`.
        frame.handTo(done as FrameDone, token);
        const now = startReadyCall(frame, journal);
        // An outcome known at once reaches the scheduler in a later microtask, as a promise's
        // would: the scheduler must not hear of a call's end while it is still starting it.
        if (now !== undefined) queueMicrotask(() => done(token, now));
      },
    },`,
        replace: `    (frame) =>
      new Promise<ToolCallOutcome>((resolve) => {
        frame.handTo(((_token: unknown, value: unknown) => resolve(value as ToolCallOutcome)) as FrameDone, undefined);
        const now = startReadyCall(frame, journal);
        if (now !== undefined) resolve(now);
      }),`,
      },
    ],
  },
  {
    id: "ParallelPreflight: a loop resumed by reactions, not an async function",
    pkg: "tool-exec",
    where: "src/batch/run-parallel-calls.ts",
    measures: ["batch-1k", "batch-10k", "young-gc-10k", "held-10k"],
    patches: [
      {
        file: "src/batch/run-parallel-calls.ts",
        find: `  run(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
      this.#continue();
    });
  }`,
        // The same loop as an async function that awaits where the loop would return: a
        // promise per frame for the end of its steps 1-5, an await per asynchronous step.
        replace: `  async run(): Promise<void> {
    const batch = this.#batch;
    while (this.#index < batch.size) {
      const index = this.#index;
      if (batch.outcomeAt(index) !== undefined) {
        this.#index++;
        continue;
      }
      const call = batch.callAt(index);
      if (call.type === "awaiting") {
        this.#deferral.hold(call.lockKeys);
        this.#index++;
        continue;
      }
      let prepared: MaybePromise<PreparedBatchCall | Waiting>;
      let steps: Promise<unknown> | undefined;
      if (call.type === "approved" || call.type === "replayed") {
        prepared = prepareAgainCall(call, this.#preflight);
      } else {
        const frame = new CallFrame(toolCallOf(call), batch.run, FIRST_START);
        steps = new Promise((resolve) => frame.handTo((_token, value) => resolve(value), undefined));
        prepared = prepareBatchCall(frame, call.type === "deferred", this.#preflight);
      }
      if (prepared instanceof Promise) prepared = await prepared;
      if (prepared.type === "waiting") {
        let finished = finishPreflight((await steps) as Preflighted, this.#preflight);
        if (finished instanceof Promise) finished = await finished;
        prepared = finished;
      }
      if (prepared.type === "ended") {
        let ended = settleBatchCall(batch, prepared.outcome);
        if (ended instanceof Promise) ended = await ended;
        batch.settle(index, ended);
        this.#index++;
        continue;
      }
      this.#place(prepared);
    }
  }`,
      },
    ],
  },
  {
    id: "CallFrame: one timing field for start time and duration",
    pkg: "tool-exec",
    where: "src/call/call-frame.ts, src/call/close-execution.ts, src/call/run-after-tool-call.ts",
    measures: ["batch-1k", "batch-10k", "held-10k"],
    patches: [
      {
        file: "src/call/call-frame.ts",
        find: "  timing = Number.NaN;",
        replace: "  timing = Number.NaN;\n  durationMs = Number.NaN;",
      },
      {
        file: "src/call/close-execution.ts",
        find: "frame.timing = Math.round(performance.now() - frame.timing);",
        replace: "frame.durationMs = Math.round(performance.now() - frame.timing);",
      },
      {
        file: "src/call/run-after-tool-call.ts",
        find: "settleCall(toolCall, span, result, errorType, frame.timing);",
        replace: "settleCall(toolCall, span, result, errorType, frame.durationMs);",
      },
    ],
  },
  {
    id: "CallFrame: a wait keeps one FrameStep, not its two functions",
    pkg: "tool-exec",
    where: "src/call/call-frame.ts",
    measures: ["batch-1k", "batch-10k", "held-10k"],
    patches: [
      {
        file: "src/call/call-frame.ts",
        find: "  #next: FrameStep | undefined = undefined;",
        replace:
          "  #resume: FrameResume | undefined = undefined;\n  #fail: FrameResume | undefined = undefined;",
      },
      {
        file: "src/call/call-frame.ts",
        find: "    this.#next = next;",
        replace: "    this.#resume = next.resume;\n    this.#fail = next.fail;",
      },
      {
        file: "src/call/call-frame.ts",
        find: "(this.#next as FrameStep).resume(this, value);",
        replace: "(this.#resume as FrameResume)(this, value);",
      },
      {
        file: "src/call/call-frame.ts",
        find: "(this.#next as FrameStep).fail(this, error);",
        replace: "(this.#fail as FrameResume)(this, error);",
      },
    ],
  },
];
