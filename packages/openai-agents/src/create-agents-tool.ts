import { tool as agentsTool, type FunctionTool, type RunContext } from "@openai/agents-core";
import type { CompiledTool } from "@toolwright/providers";
import { getParametersJsonSchema, type Tool, type ToolResultMessage } from "@toolwright/tool-core";
import {
  describeThrown,
  type ExecuteToolBatchOptions,
  executeToolBatch,
} from "@toolwright/tool-exec";
import type { AgentsToolSetRun } from "./agents-tool-set-run";
import { readValidParams, toToolCall } from "./read-call-arguments";
import { type AgentsToolOutput, toAgentsToolOutput } from "./to-agents-tool-output";

/** A Toolwright tool as the Agents SDK sees it. */
export type ToolwrightAgentsTool = FunctionTool<unknown, never, AgentsToolOutput>;

const NEVER_ABORTED = new AbortController().signal;

/** What the Agents SDK passes a tool's callbacks besides the input. */
interface CallDetails {
  readonly toolCall?: { readonly callId?: string } | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * One Agents SDK function tool for one Toolwright tool. Strict with the compiled schema when the
 * providers' OpenAI-strict compiler holds the whole schema (no downgrade, no relaxed keyword);
 * otherwise non-strict with the tool's own schema — and the SDK's own strict check has the last
 * word: a schema it refuses goes out non-strict too.
 */
export function createAgentsTool(
  tool: Tool,
  compiled: CompiledTool | undefined,
  run: AgentsToolSetRun,
): ToolwrightAgentsTool {
  const name = compiled?.providerName ?? tool.name;
  if (compiled !== undefined && holdsWholeSchema(compiled)) {
    try {
      return build(tool, name, compiled.parameters, true, compiled, run);
    } catch {
      // The SDK refused the strict schema: send the tool's own schema, non-strict.
    }
  }
  return build(tool, name, getParametersJsonSchema(tool), false, undefined, run);
}

/** Strict with nothing of the schema lost: not downgraded, no keyword moved into a description. */
function holdsWholeSchema(compiled: CompiledTool): boolean {
  return compiled.strict && compiled.downgrade.length === 0 && compiled.relaxed.length === 0;
}

function build(
  tool: Tool,
  name: string,
  parameters: unknown,
  strict: boolean,
  compiled: CompiledTool | undefined,
  run: AgentsToolSetRun,
): ToolwrightAgentsTool {
  /** The SDK's parsed input as the canonical arguments: strict mode's `null`s for absent dropped. */
  const canonical = (input: unknown): unknown =>
    compiled !== undefined && typeof input === "object" && input !== null && !Array.isArray(input)
      ? compiled.denormalize(input as Readonly<Record<string, unknown>>)
      : input;
  const options = {
    name,
    description: tool.description,
    parameters,
    strict,
    needsApproval: approvalCheck(tool, canonical, run),
    execute: (input: unknown, runContext?: RunContext<unknown>, details?: CallDetails) =>
      executeCall(tool, canonical(input), runContext, details, run),
    // `execute` never throws for a tool's failure (the pipeline turns it into a result); should
    // something else throw, the model reads it the way the executor words a throw.
    errorFunction: (_context: RunContext<unknown>, error: unknown) => describeThrown(error),
  };
  return agentsTool(options as never) as unknown as ToolwrightAgentsTool;
}

function approvalCheck(
  tool: Tool,
  canonical: (input: unknown) => unknown,
  run: AgentsToolSetRun,
):
  | boolean
  | ((runContext: RunContext<unknown>, input: unknown, callId?: string) => Promise<boolean>) {
  const needsApproval = tool.needsApproval;
  if (typeof needsApproval !== "function") return needsApproval === true;
  return async (runContext, input, callId = "") => {
    const toolCall = toToolCall(callId, tool.name, canonical(input));
    const params = await readValidParams(tool, toolCall);
    // An invalid call never asks a person: the pipeline tells the model what to fix.
    if (params === undefined) return false;
    try {
      const answer = await needsApproval(params as never, {
        toolCall,
        context: contextOf(run, runContext),
        signal: run.options.signal ?? NEVER_ABORTED,
      });
      return Boolean(answer);
    } catch (error) {
      run.approvalFailures.set(callId, error);
      return false;
    }
  };
}

async function executeCall(
  tool: Tool,
  input: unknown,
  runContext: RunContext<unknown> | undefined,
  details: CallDetails | undefined,
  run: AgentsToolSetRun,
): Promise<AgentsToolOutput> {
  const callId = details?.toolCall?.callId ?? crypto.randomUUID();
  const toolCall = toToolCall(callId, tool.name, input);
  const failure = run.approvalFailures.has(callId)
    ? { thrown: run.approvalFailures.get(callId) }
    : undefined;
  run.approvalFailures.delete(callId);
  const params = await readValidParams(tool, toolCall);
  const options = batchOptions(run, runContext, details?.signal, failure);
  const batch = await run.gate.run(params === undefined ? undefined : tool, params, () =>
    executeToolBatch([toolCall], options),
  );
  if (batch.status !== "complete") {
    // Unreachable: the pipeline is told that the SDK settled approval, so nothing suspends.
    return `Tool ${tool.name} was suspended unexpectedly`;
  }
  const message = batch.messages[0] as ToolResultMessage;
  return toAgentsToolOutput(message.content, message.isError);
}

function batchOptions(
  run: AgentsToolSetRun,
  runContext: RunContext<unknown> | undefined,
  signal: AbortSignal | undefined,
  failure: { readonly thrown: unknown } | undefined,
): ExecuteToolBatchOptions<unknown> {
  const { options } = run;
  const signals = [signal, options.signal].filter(
    (entry): entry is AbortSignal => entry !== undefined,
  );
  return {
    tools: run.registry,
    beforeToolCall: options.beforeToolCall,
    afterToolCall: options.afterToolCall,
    seams: options.seams,
    timeoutMs: options.timeoutMs,
    timeoutGraceMs: options.timeoutGraceMs,
    truncation: options.truncation,
    context: contextOf(run, runContext),
    dispatcher: options.dispatcher,
    onEvent: options.onEvent,
    signal: signals.length <= 1 ? signals[0] : AbortSignal.any(signals),
    // The SDK has settled approval before `execute`: a call whose check threw fails closed with
    // the executor's own text; every other call runs without asking again.
    approval: {
      needsApproval:
        failure === undefined
          ? () => false
          : () => {
              throw failure.thrown;
            },
    },
  };
}

/** The hooks' context: the `context` option when given, else the run's context (`run(…, { context })`). */
function contextOf(run: AgentsToolSetRun, runContext: RunContext<unknown> | undefined): unknown {
  return run.options.context !== undefined ? run.options.context : runContext?.context;
}
