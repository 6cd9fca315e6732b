import { type ToolDeclaration, ToolRegistry } from "@toolwright/tool-core";
import { type BindingEntry, bindProviderTools } from "./bind-provider-tools";
import { declareOnce } from "./compile-memo";
import { assertProviderDialect, type ProviderDialect } from "./provider-dialect";
import { ProviderError } from "./provider-error";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderTools } from "./provider-tools";
import type { ProviderToolInput } from "./tool-input";
import { ToolNameMap } from "./tool-name-map";

/**
 * Compiles tools for one provider dialect: each schema strict where asked and representable
 * (downgraded with reasons where not), provider-safe names, and the binding that maps the model's
 * calls back. Memoised per declaration object, and byte-identical for identical input.
 *
 * A `ToolRegistry` compiles `registry.list()` declared with `toToolDeclaration`. Throws
 * `ProviderError`: `INVALID_ARGUMENT` (unknown dialect, duplicate names, more than 128 Gemini
 * declarations), `UNSUPPORTED_SCHEMA` (a root that holds no object, or `unrepresentable: "throw"`).
 *
 * @example
 * const { tools } = toProviderTools(registry, "openai-chat");
 * await client.chat.completions.create({ model, messages, tools });
 */
export function toProviderTools<D extends ProviderDialect>(
  tools: ToolRegistry | readonly ProviderToolInput[],
  dialect: D,
  options: ProviderToolOptions = {},
): ProviderTools<D> {
  assertProviderDialect(dialect);
  const inputs: readonly ProviderToolInput[] = tools instanceof ToolRegistry ? tools.list() : tools;
  if (!Array.isArray(inputs)) {
    throw new ProviderError(
      "INVALID_ARGUMENT",
      "tools must be a ToolRegistry or an array of tools or declarations",
    );
  }
  const declarations: ToolDeclaration[] = inputs.map((input, index) => {
    if (typeof input !== "object" || input === null || typeof input.name !== "string") {
      throw new ProviderError(
        "INVALID_ARGUMENT",
        `tools[${index}] is not a tool or declaration with a name`,
      );
    }
    return declareOnce(input);
  });
  const seen = new Set<string>();
  for (const declaration of declarations) {
    if (seen.has(declaration.name)) {
      throw new ProviderError("INVALID_ARGUMENT", `Duplicate tool name "${declaration.name}"`);
    }
    seen.add(declaration.name);
  }
  const names = ToolNameMap.build(seen, dialect);
  const entries: BindingEntry[] = declarations.map((declaration) => ({
    declaration,
    providerName: names.toProvider(declaration.name),
    placement: "tools",
  }));
  return bindProviderTools(dialect, entries, names, options).tools;
}
