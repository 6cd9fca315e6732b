import { convertPrimitive } from "./convert-primitive";

/**
 * Literal conversion for `const` and each `enum` member: convert `value` toward the
 * literal's JS type with pass 2's table and keep the result only when it equals the literal.
 * Only string, number and boolean literals convert (TypeBox's literal kinds); a `null`, object
 * or array literal leaves the value as it is, so `{const:null}` + `"null"` stays and fails.
 */
export function convertLiteral(literal: unknown, value: unknown): unknown {
  if (value === literal) return value;
  let converted: unknown;
  switch (typeof literal) {
    case "string":
      converted = convertPrimitive("string", value);
      break;
    case "number":
      converted = convertPrimitive("number", value);
      break;
    case "boolean":
      converted = convertPrimitive("boolean", value);
      break;
    default:
      return value;
  }
  return converted === literal ? converted : value;
}
