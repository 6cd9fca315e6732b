// Helpers of the crash tests (not part of the public API, not bundled): the fixture process on the
// built package, its stdout lines, and the effects file every execution appends to.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Tool } from "@toolwright/tool-core";

const fixture = fileURLToPath(new URL("./__fixtures__/crash-batch.mjs", import.meta.url));

/** The built entry the fixture imports; the tests need `pnpm build` first. */
export const BUILT_ENTRY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

export interface CrashSpec {
  readonly calls: readonly { readonly id: string; readonly tool: string }[];
  readonly hangOn?: readonly string[];
  readonly delays?: Readonly<Record<string, number>>;
  readonly maxAttempts?: number;
  readonly retainCompleted?: boolean;
  readonly mode?: "parallel" | "sequential";
}

export interface Effect {
  readonly id: string;
  readonly attempt: number;
  readonly key: string;
}

/** Starts the fixture; `lines` collects its stdout lines, `waitFor` resolves on one that matches. */
export function startChild(
  children: ChildProcess[],
  command: "run" | "recover" | "suspend",
  dir: string,
  batchId: string,
  spec: CrashSpec,
) {
  const child = spawn(
    process.execPath,
    [fixture, command, dir, batchId, join(dir, "effects.jsonl"), JSON.stringify(spec)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  const lines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      for (const waiter of waiters.splice(0)) {
        if (waiter.match(line)) waiter.resolve(line);
        else waiters.push(waiter);
      }
      newline = buffered.indexOf("\n");
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const waitFor = (match: (line: string) => boolean): Promise<string> => {
    const seen = lines.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      waiters.push({ match, resolve });
      exited.then((code) => reject(new Error(`child exited (${code}): ${lines.join(" | ")}`)));
    });
  };
  const kill = async () => {
    child.kill("SIGKILL");
    await exited;
  };
  return { child, lines, waitFor, exited, kill };
}

export async function readEffects(dir: string): Promise<Effect[]> {
  const text = await readFile(join(dir, "effects.jsonl"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Effect);
}

/** The parent's tools: the fixture's, appending to the same effects file. */
export function parentTools(dir: string): Tool[] {
  const make = (name: string, replay: "never" | "safe", needsApproval: boolean): Tool =>
    ({
      name,
      description: name,
      replay,
      ...(needsApproval ? { needsApproval: true } : {}),
      async execute(
        _params: unknown,
        context: { toolCallId: string; attempt: number; idempotencyKey: string },
      ) {
        const line = {
          id: context.toolCallId,
          attempt: context.attempt,
          key: context.idempotencyKey,
        };
        await appendFile(join(dir, "effects.jsonl"), `${JSON.stringify(line)}\n`);
        return { content: [{ type: "text", text: `ran ${context.toolCallId}` }] };
      },
    }) as Tool;
  return [make("never", "never", false), make("safe", "safe", false), make("gated", "never", true)];
}
