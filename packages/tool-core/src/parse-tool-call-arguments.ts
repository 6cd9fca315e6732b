/** What {@link parseToolCallArguments} returns. */
export interface ParsedToolCallArguments {
  /** The arguments object; `{}` when the text was blank or not a JSON object. */
  readonly arguments: Record<string, unknown>;
  /** Why the text could not be used, then `Received arguments:` and the raw text. */
  readonly argumentsError?: string | undefined;
}

/**
 * Parses a model's tool-call argument text. Never throws, whatever the input.
 *
 * Blank text means no arguments (`{}`) — models send `""` for tools without parameters. Text that
 * is not JSON, or JSON that is not an object, gives `arguments: {}` plus an `argumentsError` to
 * show the model. `__proto__` and `constructor` keys stay plain data: `JSON.parse` defines own
 * properties, never prototypes.
 */
export function parseToolCallArguments(text: string): ParsedToolCallArguments {
  if (typeof text !== "string") {
    return failure("Tool arguments must be a JSON object", safeDescribe(text));
  }
  if (text.trim() === "") return { arguments: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failure(`Tool arguments are not valid JSON: ${reason}`, text);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return failure("Tool arguments must be a JSON object", text);
  }
  return { arguments: parsed as Record<string, unknown> };
}

function failure(reason: string, received: string): ParsedToolCallArguments {
  return { arguments: {}, argumentsError: `${reason}\n\nReceived arguments:\n${received}` };
}

function safeDescribe(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
