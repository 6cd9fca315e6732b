import { type McpMount, type McpMountEvent, mountMcpServers } from "@toolwright/mcp";
import type { Message } from "@toolwright/tool-core";
import { provideSeam, ToolRegistry, type ToolResultMessage } from "@toolwright/tool-core";
import { declarationsEqual, getCurrentTools } from "@toolwright/transcript";
import { runAgentLoop } from "../agent-loop";
import { openDemoRun } from "../open-demo-run";
import type { DemoOutput } from "../render";
import type { DemoOptions, DemoResult } from "../run-demo";
import { createScriptedModel } from "../scripted-model";
import {
  calculatorTool,
  createWorkspace,
  finishTool,
  WorkspaceSeam,
  wordCountTool,
} from "../tools";
import { approveDestructive } from "./approve-destructive";
import { connectFilesystemServer } from "./connect-filesystem-server";
import { connectLocalServer } from "./connect-local-server";
import { describeMountEvent, toJsonMountEvent } from "./describe-mount-event";
import { describeProviderContent } from "./describe-provider-content";
import { createMcpSession } from "./mcp-session";
import { writeMediaFiles } from "./write-media-files";

const SYSTEM_PROMPT =
  "You are a careful assistant. Your tools come from MCP servers (fs__*, local__*) and the application (finish).";
const TASK = "Look at the sandbox, write report.md, count its words and finish.";
const MEDIA_TOOL = "fs__read_media_file";

/**
 * `--mcp`: the demo's loop over MCP. The reference filesystem server (stdio, from node_modules)
 * works on the sandbox; an in-process MCP server serves the calculator and later adds word_count,
 * which arrives as `notifications/tools/list_changed`, is mounted, and is declared into the
 * transcript. Offline: the scripted model, local processes only.
 */
export async function runMcpDemo(options: DemoOptions, output: DemoOutput): Promise<DemoResult> {
  let reporting = true;
  // Events of the first listings wait for the banner.
  let held: McpMountEvent[] | undefined = [];
  const report = (event: McpMountEvent): void => {
    if (!reporting) return;
    if (held !== undefined) {
      held.push(event);
      return;
    }
    if (options.json === true)
      output.write(`${JSON.stringify({ type: "mcp", event: toJsonMountEvent(event) })}\n`);
    else {
      const line = describeMountEvent(event);
      if (line !== undefined) output.write(`  mcp  ${line}\n`);
    }
  };
  const { emit, sandbox, finish } = await openDemoRun(options, output);
  let mounts: McpMount[] = [];
  try {
    await writeMediaFiles(sandbox.root);
    const workspace = createWorkspace(sandbox.root);
    const seams = [provideSeam(WorkspaceSeam, workspace)];
    const served = new ToolRegistry([calculatorTool]);
    const registry = new ToolRegistry([finishTool]);
    let wordCountMounted: () => void = () => {};
    const wordCountArrived = new Promise<void>((resolve) => {
      wordCountMounted = resolve;
    });
    const onEvent = (event: McpMountEvent): void => {
      report(event);
      if (event.type === "tools_changed" && event.added.includes("local__word_count"))
        wordCountMounted();
    };
    const result = await mountMcpServers(registry, [
      { source: () => connectFilesystemServer(sandbox.root), options: { id: "fs", onEvent } },
      { source: () => connectLocalServer(served, seams), options: { id: "local", onEvent } },
    ]);
    mounts = result.mounts;
    const [failure] = result.errors;
    if (failure !== undefined) throw failure.error;

    const model = options.model ?? createScriptedModel(createMcpSession(sandbox.root));
    await emit({
      type: "demo_start",
      model: model.name,
      sandbox: sandbox.root,
      files: sandbox.files,
      tools: registry.list().map((tool) => tool.name),
    });
    const firstEvents = held;
    held = undefined;
    for (const event of firstEvents) report(event);
    const transcript: Message[] = [];
    let toolCalls = 0;
    let errors = 0;
    let serverChanged = false;
    let mediaShown = false;
    const loop = await runAgentLoop({
      model,
      registry,
      transcript,
      systemPrompt: SYSTEM_PROMPT,
      task: TASK,
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      batch: {
        timeoutMs: 30_000,
        async beforeToolCall(context, signal) {
          const { toolCall, coercions } = context;
          if (coercions.length > 0) {
            await emit({
              type: "coercions",
              toolCallId: toolCall.id,
              toolName: toolCall.name,
              changes: coercions,
            });
          }
          const verdict = await approveDestructive(context, signal);
          if (verdict?.block === true) {
            await emit({
              type: "blocked",
              toolCallId: toolCall.id,
              toolName: toolCall.name,
              reason: verdict.reason ?? "",
            });
          }
          return verdict;
        },
      },
      // Once the report exists, the in-process server gains word_count. Its list_changed travels
      // over MCP to the mount, which registers the tool; the loop then declares it.
      async beforeRequest({ turn, messages }) {
        // Once the media results exist: what each provider's next request carries of them.
        const media = messages.filter(
          (message): message is ToolResultMessage =>
            message.role === "toolResult" && message.toolName === MEDIA_TOOL,
        );
        const mediaTool = registry.get(MEDIA_TOOL);
        if (!mediaShown && media.length > 0 && mediaTool !== undefined) {
          mediaShown = true;
          await emit({
            type: "provider_content",
            turn,
            toolName: MEDIA_TOOL,
            views: describeProviderContent(mediaTool, media, ["anthropic", "gemini"]),
          });
        }
        if (!serverChanged && hasResult(messages, "fs__write_file")) {
          serverChanged = true;
          served.register(wordCountTool);
          await wordCountArrived;
        }
        await Promise.all(mounts.map((mount) => mount.settled()));
      },
      async onEvent(event) {
        if (event.type === "tool_result") {
          toolCalls += 1;
          if (event.message.isError) errors += 1;
        }
        await emit(event);
      },
    });

    const replayed = getCurrentTools(loop.messages);
    const executable = registry.list();
    await emit({
      type: "replay",
      source: "memory",
      tools: replayed.map((tool) => tool.name),
      matchesRegistry:
        replayed.length === executable.length &&
        executable.every((tool, index) => {
          const declaration = replayed[index];
          return declaration !== undefined && declarationsEqual(tool, declaration);
        }),
    });
    return await finish({
      reason: loop.reason,
      turns: loop.turns,
      toolCalls,
      errors,
      messages: loop.messages,
      finalTools: executable.map((tool) => tool.name),
    });
  } finally {
    reporting = false;
    await Promise.all(mounts.map((mount) => mount.close()));
    await sandbox.cleanup();
  }
}

function hasResult(messages: readonly Message[], toolName: string): boolean {
  return messages.some(
    (message) => message.role === "toolResult" && message.toolName === toolName && !message.isError,
  );
}
