// Tool schemas reach a validator as plain JSON (from an MCP server, a JSON file, Zod's output), so
// every library except TypeBox gets the schema as JSON: TypeBox's symbols dropped, and its unions
// of string literals written the way MCP servers write them, as one `enum`.

/**
 * A plain JSON copy of a TypeBox schema with literal unions turned into `enum`.
 * @param {unknown} schema
 * @returns {any}
 */
export function typeboxToJson(schema) {
  return rewriteLiteralUnions(JSON.parse(JSON.stringify(schema)));
}

/**
 * @param {unknown} node
 * @returns {unknown}
 */
function rewriteLiteralUnions(node) {
  if (Array.isArray(node)) return node.map(rewriteLiteralUnions);
  if (node === null || typeof node !== "object") return node;
  /** @type {Record<string, unknown>} */
  const copy = {};
  for (const [key, value] of Object.entries(node)) {
    Object.defineProperty(copy, key, {
      value: rewriteLiteralUnions(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const members = copy.anyOf;
  if (Array.isArray(members) && members.length > 0 && members.every(isStringConst)) {
    delete copy.anyOf;
    copy.type = "string";
    copy.enum = members.map((member) => member.const);
  }
  return copy;
}

/**
 * @param {unknown} member
 * @returns {member is { const: string }}
 */
function isStringConst(member) {
  return (
    member !== null &&
    typeof member === "object" &&
    "const" in member &&
    typeof member.const === "string" &&
    Object.keys(member).every((key) => key === "const" || key === "type")
  );
}
