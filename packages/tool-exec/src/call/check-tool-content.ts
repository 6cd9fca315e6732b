/**
 * Why `value` cannot be a result's `content`, or `undefined` when it can: an array of text parts
 * (`{ type: "text", text: string }`) and image parts (`{ type: "image", data, mimeType }`). Tools,
 * hooks and `render` are application code, but what they return reaches the model and the
 * truncation step, so a malformed part must fail the call, not crash the batch later.
 */
export function checkToolContent(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `content must be an array, got ${describeKind(value)}`;
  for (let index = 0; index < value.length; index++) {
    const part: unknown = value[index];
    if (typeof part !== "object" || part === null) {
      return `content[${index}] must be an object, got ${describeKind(part)}`;
    }
    const { type } = part as { type?: unknown };
    if (type === "text") {
      if (typeof (part as { text?: unknown }).text !== "string") {
        return `content[${index}].text must be a string`;
      }
    } else if (type === "image") {
      const { data, mimeType } = part as { data?: unknown; mimeType?: unknown };
      if (typeof data !== "string" || typeof mimeType !== "string") {
        return `content[${index}] must have string data and mimeType`;
      }
    } else {
      return `content[${index}].type must be "text" or "image"`;
    }
  }
  return undefined;
}

/**
 * Why `value` cannot be a `ToolResult`, or `undefined` when it can: an object (not an array) with
 * valid `content`.
 */
export function checkToolResult(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `expected an object with content, got ${describeKind(value)}`;
  }
  return checkToolContent((value as { content?: unknown }).content);
}

/** A short name of a value's kind for messages: `null`, `array`, `string`, `undefined`, … */
export function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
