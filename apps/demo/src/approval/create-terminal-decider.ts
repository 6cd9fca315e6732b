import { createInterface } from "node:readline/promises";
import type { ApprovalDecider } from "./approval-decider";

/** Where the prompt reads and writes: stdin and stderr in the CLI (stdout stays for the output). */
export interface TerminalStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/**
 * An {@link ApprovalDecider} that asks a person: `Approve delete_file {"path":…}? (deletes … for
 * good) [y/N]`. `y`/`yes` approves; anything else, or an input that ends, denies. An abort while
 * asking resolves `undefined`.
 */
export function createTerminalDecider(streams: TerminalStreams): ApprovalDecider {
  return async (request, signal) => {
    const prompt = createInterface({
      input: streams.input,
      output: streams.output,
      terminal: true,
    });
    const closed = new Promise<string>((resolve) => prompt.once("close", () => resolve("")));
    try {
      const reason = request.reason === undefined ? "" : ` (${request.reason})`;
      const question = `Approve ${request.toolCall.name} ${JSON.stringify(request.args)}?${reason} [y/N] `;
      const answer = await Promise.race([
        prompt.question(question, signal === undefined ? {} : { signal }),
        closed,
      ]);
      return /^\s*y(es)?\s*$/i.test(answer)
        ? { decision: "approve", by: "terminal" }
        : { decision: "deny", by: "terminal" };
    } catch (error) {
      if (signal?.aborted === true) return undefined;
      throw error;
    } finally {
      prompt.close();
    }
  };
}
