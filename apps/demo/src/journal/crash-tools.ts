import { open } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import type { ToolContext } from "@toolwright/tool-core";
import { defineSeam, defineTool } from "@toolwright/tool-core";

/** One line of the effects file: a tool really ran, in this process, with this key and attempt. */
export interface EffectLine {
  readonly tool: string;
  readonly toolCallId: string;
  readonly attempt: number;
  readonly idempotencyKey: string;
  readonly pid: number;
}

/**
 * Where the crash scene's tools leave their mark: `record` appends an {@link EffectLine} to a file
 * and `fdatasync`s it (the effect survives a SIGKILL), then `afterEffect` runs — in the child it
 * prints `executing <id>` and never returns for a call that must be cut off; in the parent it returns.
 */
export interface CrashEffects {
  record(line: EffectLine): Promise<void>;
  afterEffect(toolName: string, context: ToolContext): Promise<void>;
}

/** The seam the crash scene's tools reach their {@link CrashEffects} through. */
export const CrashEffectsSeam = defineSeam<CrashEffects>("crash-effects");

/** Appends one JSON line to `path` and syncs it to disk before resolving. */
export async function appendEffect(path: string, line: EffectLine): Promise<void> {
  const handle = await open(path, "a");
  try {
    await handle.write(`${JSON.stringify(line)}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

function defineCrashTool(name: string, description: string, replay: "never" | "safe") {
  return defineTool({
    name,
    description,
    parameters: Type.Object(
      { ref: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
    replay,
    seams: [CrashEffectsSeam],
    async execute(params, context) {
      const effects = context.use(CrashEffectsSeam);
      await effects.record({
        tool: name,
        toolCallId: context.toolCall.id,
        attempt: context.attempt,
        idempotencyKey: context.idempotencyKey,
        pid: process.pid,
      });
      await effects.afterEffect(name, context);
      return {
        content: [
          { type: "text", text: `${name} ${params.ref}: done (attempt ${context.attempt})` },
        ],
        details: { attempt: context.attempt, idempotencyKey: context.idempotencyKey },
      };
    },
  });
}

/** A quick read, safe to repeat: settles before the crash, so recovery reuses its recorded outcome. */
export const lookupCustomerTool = defineCrashTool(
  "lookup_customer",
  "Look up a customer by reference (read-only).",
  "safe",
);
/** A read that passes its idempotencyKey on (`replay: "safe"`): recovery runs it again, attempt 2. */
export const fetchRatesTool = defineCrashTool(
  "fetch_rates",
  "Fetch today's exchange rates (idempotent; the key is passed on).",
  "safe",
);
/** Sends something to the outside world (`replay: "never"`): recovery never runs it twice. */
export const sendInvoiceTool = defineCrashTool(
  "send_invoice",
  "Send an invoice by e-mail (not idempotent).",
  "never",
);

/** The three tools, in the order the crash scene's batch calls them. */
export const crashTools = [lookupCustomerTool, fetchRatesTool, sendInvoiceTool] as const;

/** The tools the child cuts off mid-call (the quick lookup settles first). */
export const HANGING_TOOLS: ReadonlySet<string> = new Set([
  fetchRatesTool.name,
  sendInvoiceTool.name,
]);
