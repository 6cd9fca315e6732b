import {
  type ProviderDialect,
  toProviderToolResults,
  toProviderTools,
} from "@toolwright/providers";
import type { Tool, ToolResultMessage } from "@toolwright/tool-core";

/** What one dialect's request carries for a tool's results: one line per part, bytes summarized. */
export interface ProviderContentView {
  readonly dialect: ProviderDialect;
  readonly parts: readonly string[];
}

/**
 * Writes `results` with `@toolwright/providers`' own `toProviderToolResults` for each dialect and
 * lists what the request then carries: each text part as its text, each media part as its type,
 * MIME type and size — never its bytes. The mapping is the providers package's; this only reads it.
 */
export function describeProviderContent(
  tool: Tool,
  results: readonly ToolResultMessage[],
  dialects: readonly ProviderDialect[],
): ProviderContentView[] {
  return dialects.map((dialect) => {
    const wire = toProviderToolResults(results, toProviderTools([tool], dialect));
    const parts: string[] = [];
    collectParts(wire, parts);
    return { dialect, parts };
  });
}

/** Walks a request body and notes every text part and every part that carries base64 bytes. */
function collectParts(value: unknown, parts: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectParts(item, parts);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const fields = value as Record<string, unknown>;
  const media = readMedia(fields);
  if (media !== undefined) {
    parts.push(media);
    return;
  }
  if (typeof fields.text === "string" && (fields.type === "text" || fields.type === "input_text")) {
    parts.push(`text ${JSON.stringify(fields.text)}`);
    return;
  }
  // Chat Completions' tool message content, Gemini's functionResponse output: text as a string.
  for (const key of ["content", "output"]) {
    const text = fields[key];
    if (typeof text === "string" && text !== "") parts.push(`text ${JSON.stringify(text)}`);
  }
  for (const child of Object.values(fields))
    if (typeof child !== "string") collectParts(child, parts);
}

function readMedia(fields: Record<string, unknown>): string | undefined {
  const source = (fields.source ?? fields.inlineData ?? fields.input_audio) as
    | Record<string, unknown>
    | undefined;
  const data = source?.data ?? fields.data;
  if (typeof data !== "string") return undefined;
  const mimeType = source?.media_type ?? source?.mimeType ?? source?.format ?? fields.mimeType;
  const kind =
    typeof fields.type === "string"
      ? fields.type
      : fields.inlineData !== undefined
        ? "inlineData"
        : "media";
  return `${kind} ${String(mimeType)}, ${Math.floor((data.length * 3) / 4)} bytes`;
}
