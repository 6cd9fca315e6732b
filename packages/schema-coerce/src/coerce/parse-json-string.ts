import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRule } from "../types";
import type { CoercionRun } from "./coercion-run";
import { dropOptionalNulls } from "./drop-optional-nulls";
import type { NodeCoercion } from "./node-coercion";
import { readPythonLiteral } from "./read-python-literal";

/**
 * The `parseJsonStrings` rule: `text` becomes the object or array it holds when the node asks
 * for that kind and does not accept the string itself. JSON of another kind, or a string the
 * node also accepts, stays. Under lossless rules a text that is not JSON is then
 * read as a Python literal (`"['a', 'b']"`, `"(1, 2)"`, `"{'k': None}"`; see `readPythonLiteral`),
 * reported as `python-literal`. The parsed value gets pass 1 at once (it was not there when pass 1
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
  const jsonOpening =
    (opening === "{" && info.wantsJsonObject) || (opening === "[" && info.wantsJsonArray);
  // A Python tuple opens with `(`; only the lossless rules read Python.
  const python = run.rules.lossless && (jsonOpening || (opening === "(" && info.wantsJsonArray));
  if (!jsonOpening && !python) return text;
  let rule: CoercionRule = "parse-json";
  let parsed = jsonOpening ? readJson(text) : undefined;
  if (parsed === undefined && python) {
    parsed = readPythonLiteral(text);
    rule = "python-literal";
  }
  if (parsed === undefined) return text;
  return acceptParsed(run, node, info, text, parsed.value, rule);
}

/** `{ value }` of JSON `text`, or `undefined` when it is not JSON. */
function readJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Takes the value `text` was read as when its kind is one the node asks for. */
function acceptParsed(
  run: CoercionRun,
  node: SchemaNode,
  info: NodeCoercion,
  text: string,
  parsed: unknown,
  rule: CoercionRule,
): unknown {
  const kindFits = Array.isArray(parsed)
    ? info.wantsJsonArray
    : isPlainObject(parsed) && info.wantsJsonObject;
  if (!kindFits || run.accepts(node, text)) return text;
  run.record(rule, text, parsed);
  return dropOptionalNulls(run, node, parsed);
}

/**
 * Whether `text` opens (after blanks) with `[` or `{`: a list or an object written as text, which
 * the lossless rules never wrap into a one-item array (it is parsed, or it stays and fails).
 */
export function opensLikeJson(text: string): boolean {
  const opening = firstNonBlank(text);
  return opening === "[" || opening === "{";
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
