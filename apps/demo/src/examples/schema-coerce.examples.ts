// The code examples of packages/schema-coerce/README.md, compiled by the demo's `typecheck` so a
// README example that stops compiling fails CI. `re2` (a native module) is not installed here: a
// local declaration with its constructor's shape stands in for `import RE2 from "re2"`.
import { Type } from "@sinclair/typebox";
import type { JsonSchemaObject } from "@toolwright/schema-coerce";
import { compile, formatIssuePath, getValidator } from "@toolwright/schema-coerce";

declare class RE2 {
  constructor(source: string, flags: string);
  test(text: string): boolean;
}
declare const untrustedSchema: JsonSchemaObject;

// ## With TypeBox
const EditFile = Type.Object(
  {
    path: Type.String({ minLength: 1 }),
    edits: Type.Array(Type.Object({ oldText: Type.String(), newText: Type.String() })),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const editFile = compile(EditFile, { coerce: true, formats: true });

export function withTypeBox(): void {
  const result = editFile.parse({
    path: "a.txt",
    edits: { oldText: "x", newText: "y" },
    dryRun: "true",
  });
  if (result.ok) {
    // The static type flows through `compile`: this assignment fails to compile if it does not.
    const value: { path: string; edits: { oldText: string; newText: string }[]; dryRun?: boolean } =
      result.value;
    console.log(value, result.changes); // [{ path: "/edits", rule: "convert", ... }, { path: "/dryRun", rule: "convert", ... }]
  } else {
    for (const issue of result.errors)
      console.log(`${formatIssuePath(issue.path)}: ${issue.message}`);
  }
}

// ## With plain JSON Schema
export function withPlainJsonSchema(): void {
  const schema = {
    type: "object",
    properties: {
      offset: { type: "integer", minimum: 0 },
      tags: { type: "array", items: { type: "string" } },
    },
    required: ["offset"],
  };

  const validator = getValidator(schema); // compiled once per schema object (and per options)
  validator.check({ offset: 3 }); // true — allocates nothing on valid input
  validator.errors({ offset: -1, tags: [1] });
  // [ { path: "/offset", keyword: "minimum", message: "expected >= 0" },
  //   { path: "/tags/0", keyword: "type", message: "expected string, got integer" } ]
}

// ### `pattern` and ReDoS
export function withLinearTimePatterns(): void {
  const validator = compile(untrustedSchema, { regExp: (source) => new RE2(source, "u") });
  console.log(validator.check({}));
}
