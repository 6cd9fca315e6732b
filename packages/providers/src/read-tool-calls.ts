// What every dialect's call reader shares: a provider name mapped back, arguments de-normalised.
import { setDataProperty } from "@toolwright/schema-coerce";
import type { ToolCall } from "@toolwright/tool-core";
import type { ProviderTools } from "./provider-tools";

/** What `fromProviderToolCalls` returns. */
export interface ProviderToolCalls {
  /** The calls in response order, with canonical names and de-normalised arguments. */
  readonly calls: ToolCall[];
  /** The response stopped at the output-token limit: the last call may be cut short. */
  readonly truncated: boolean;
  /** The provider reported a malformed or unexpected function call (Gemini). */
  readonly malformed: boolean;
  /** Provider names that map to no declared tool, kept as written in `calls`. */
  readonly unknownNames: string[];
}

/** Collects calls for one response: maps names back and de-normalises arguments. */
export class ToolCallCollector {
  readonly calls: ToolCall[] = [];
  readonly unknownNames: string[] = [];
  readonly #tools: ProviderTools;
  readonly #unknown = new Set<string>();

  constructor(tools: ProviderTools) {
    this.#tools = tools;
  }

  add(
    id: string,
    providerName: string,
    parsed: {
      readonly arguments: Readonly<Record<string, unknown>>;
      readonly argumentsError?: string;
    },
    providerData?: Readonly<Record<string, unknown>>,
  ): void {
    const canonical = this.#tools.names.fromProvider(providerName);
    if (canonical === undefined && !this.#unknown.has(providerName)) {
      this.#unknown.add(providerName);
      this.unknownNames.push(providerName);
    }
    const name = canonical ?? providerName;
    const compiled = this.#tools.compiled.get(name);
    const call: { -readonly [K in keyof ToolCall]: ToolCall[K] } = {
      type: "toolCall",
      id,
      name,
      arguments:
        parsed.argumentsError === undefined && compiled !== undefined && canonical !== undefined
          ? compiled.denormalize(parsed.arguments)
          : parsed.arguments,
    };
    if (parsed.argumentsError !== undefined) call.argumentsError = parsed.argumentsError;
    if (providerData !== undefined) call.providerData = providerData;
    this.calls.push(call);
  }
}

/** A shallow copy of a JSON object whose keys may include `__proto__`. */
export function copyArguments(value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) setDataProperty(copy, key, entry);
  return copy;
}

/** Whether `value` is a plain JSON object. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
