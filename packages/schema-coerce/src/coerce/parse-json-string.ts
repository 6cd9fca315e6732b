import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { dropOptionalNulls } from "./drop-optional-nulls";
import type { NodeCoercion } from "./node-coercion";

/**
 * The `parseJsonStrings` rule: `text` becomes the object or array it holds when the node asks
 * for that kind and does not accept the string itself. JSON of another kind, or a string the
 * node also accepts, stays. The parsed value gets pass 1 at once (it was not there when pass 1
 * ran) and the caller then converts it like any other value. Returns `text` when nothing applies.
 */
export function parseJsonString(
  run: CoercionRun,
  node: SchemaNode,
  info: NodeCoercion,
  text: string,
): unknown {
  if (info.typeHasString || !(info.wantsJsonObject || info.wantsJsonArray)) return text;
  const opening = firstNonBlank(text);
  if (!((opening === "{" && info.wantsJsonObject) || (opening === "[" && info.wantsJsonArray))) {
    return text;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const kindFits = Array.isArray(parsed)
    ? info.wantsJsonArray
    : isPlainObject(parsed) && info.wantsJsonObject;
  if (!kindFits || run.accepts(node, text)) return text;
  run.record("parse-json", text, parsed);
  return dropOptionalNulls(run, node, parsed);
}

function firstNonBlank(text: string): string {
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character !== " " && character !== "\n" && character !== "\r" && character !== "\t") {
      return character ?? "";
    }
  }
  return "";
}
