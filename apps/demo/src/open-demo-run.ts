import type { Message } from "@toolwright/tool-core";
import type { LoopEndReason } from "./agent-event";
import type { DemoEvent } from "./demo-event";
import { createJsonRenderer, createPrettyRenderer, type DemoOutput } from "./render";
import type { DemoOptions, DemoResult } from "./run-demo";
import { createSandbox, type Sandbox } from "./sandbox";

/** How a scene ended, for {@link DemoRun.finish}. */
export interface DemoRunEnd {
  readonly reason: LoopEndReason;
  readonly turns: number;
  readonly toolCalls: number;
  readonly errors: number;
  readonly messages: readonly Message[];
  readonly finalTools: readonly string[];
}

/** What a scene runner shares with the others: the renderer, the sandbox, the closing summary. */
export interface DemoRun {
  /** Renders the event, then hands it to `options.onEvent`. */
  readonly emit: (event: DemoEvent) => Promise<void>;
  readonly sandbox: Sandbox;
  /** Emits `demo_end` (with the time since the run opened) and builds the runner's result. */
  finish(end: DemoRunEnd): Promise<DemoResult>;
}

/**
 * Opens a demo run (the main demo and the `--crash`, `--queue` and `--mcp` scenes): picks the
 * renderer (`--json` or readable) and creates the sandbox. The caller removes the sandbox with
 * `sandbox.cleanup()` in its `finally`.
 */
export async function openDemoRun(options: DemoOptions, output: DemoOutput): Promise<DemoRun> {
  const started = performance.now();
  const render = options.json === true ? createJsonRenderer(output) : createPrettyRenderer(output);
  const emit = async (event: DemoEvent): Promise<void> => {
    render(event);
    await options.onEvent?.(event);
  };
  const sandbox = await createSandbox({
    ...(options.sandbox === undefined ? {} : { directory: options.sandbox }),
    ...(options.keep === undefined ? {} : { keep: options.keep }),
  });
  return {
    emit,
    sandbox,
    async finish(end) {
      await emit({
        type: "demo_end",
        reason: end.reason,
        turns: end.turns,
        toolCalls: end.toolCalls,
        errors: end.errors,
        durationMs: Math.round(performance.now() - started),
      });
      return {
        reason: end.reason,
        messages: end.messages,
        finalTools: end.finalTools,
        sandbox: { root: sandbox.root, kept: sandbox.kept },
      };
    },
  };
}
