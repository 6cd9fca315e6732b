import {
  type CoercionMode,
  type CompiledSchema,
  getValidator,
  type JsonSchemaObject,
  SchemaError,
} from "@toolwright/schema-coerce";
import { buildToolDeclaration } from "./build-tool-declaration";
import type { Tool, ToolModel, ToolParamsOf } from "./define-tool";
import { getArgumentValidator, resolveCoercionMode } from "./get-argument-validator";
import { safeValidateArgumentsWith } from "./safe-validate-tool-arguments";
import { TOOL_OUTPUT_OPTIONS } from "./tool-argument-options";
import type { SafeValidateToolArgumentsResult } from "./tool-arguments-result";
import type { ToolCall } from "./tool-call";
import type { ToolDeclaration } from "./tool-declaration";
import { ToolError } from "./tool-error";
import { settleArgumentsSynchronously } from "./validate-tool-arguments";

const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** A change of a registry's tools, as `subscribe` listeners receive it. */
export type ToolRegistryChange =
  | { readonly type: "register"; readonly tool: Tool }
  | { readonly type: "unregister"; readonly tool: Tool };

/**
 * Listens to a registry's changes.
 *
 * **Contract:** called synchronously after the change is applied, in subscription order. May
 * throw: the remaining listeners still run, then the first error is rethrown from
 * `register`/`unregister` (the change stays applied).
 */
export type ToolRegistryListener = (change: ToolRegistryChange) => void;

/** What {@link ToolRegistry.definitions} keeps. */
export interface ToolDefinitionsFilter {
  /** Keep only the tools whose `isAvailable(model)` allows this model. */
  readonly model?: ToolModel | undefined;
}

/** Options of a {@link ToolRegistry}. */
export interface ToolRegistryOptions {
  /**
   * How the arguments of the tools registered here are repaired before validation: `"lossless"`
   * (the default) or `"pi"` (Pi's rules, which may invent values such as `null` → `"null"`). A
   * tool's own `coercion` wins. The setting belongs to this registry: the same tool object in
   * another registry is validated with that registry's setting.
   */
  readonly coercion?: CoercionMode | undefined;
}

/** `mode` when it is a coercion mode or absent; else a `ToolError` naming `where`. */
function readCoercionMode(mode: unknown, where: string): CoercionMode | undefined {
  if (mode === undefined || mode === "lossless" || mode === "pi") return mode;
  throw new ToolError(
    "INVALID_TOOL",
    `${where} must be "lossless" or "pi", got ${JSON.stringify(mode) ?? String(mode)}`,
  );
}

/** Tools as every Toolwright API takes them: a registry or an array of tools. */
export type ToolSource = ToolRegistry | readonly Tool[];

const registriesByArray = new WeakMap<readonly Tool[], ToolRegistry>();

/**
 * The tools of one run, by name. One instance per run — there is no module-level registry.
 * `register` checks a tool completely (name, description, schemas) and compiles its parameter
 * schema once, so every later call only runs the compiled validator.
 */
export class ToolRegistry {
  readonly #tools = new Map<string, Tool>();
  readonly #listeners = new Set<ToolRegistryListener>();
  readonly #coercion: CoercionMode | undefined;
  /** The argument validator of each registered tool, compiled at `register` in this registry's mode. */
  readonly #validators = new Map<Tool, CompiledSchema>();

  /**
   * Registers `tools` in order. `options.coercion` sets how the arguments of the tools registered
   * here are repaired (see {@link ToolRegistryOptions}); throws a `ToolError` (`INVALID_TOOL`)
   * for an unknown mode.
   */
  constructor(tools?: Iterable<Tool>, options: ToolRegistryOptions = {}) {
    this.#coercion = readCoercionMode(options.coercion, "ToolRegistry option coercion");
    if (tools !== undefined) for (const tool of tools) this.register(tool);
  }

  /**
   * The registry for `source`: the registry itself, or one built from the array once and kept
   * for that array's identity (the array is treated as frozen from then on).
   */
  static from(source: ToolSource): ToolRegistry {
    if (source instanceof ToolRegistry) return source;
    let registry = registriesByArray.get(source);
    if (registry === undefined) {
      registry = new ToolRegistry(source);
      registriesByArray.set(source, registry);
    }
    return registry;
  }

  /** How many tools are registered. */
  get size(): number {
    return this.#tools.size;
  }

  /**
   * Adds a tool. Throws a `ToolError`: `DUPLICATE_TOOL` (`Tool already registered: <name>`),
   * `INVALID_TOOL` (bad name, missing description), `INVALID_SCHEMA` (a schema that does not
   * compile, with the compiler's message), `UNSUPPORTED_SCHEMA` (Standard Schema parameters that
   * cannot produce JSON Schema). An output schema is accepted as written, open objects included.
   */
  register(tool: Tool): void {
    checkToolDefinition(tool);
    if (this.#tools.has(tool.name)) {
      throw new ToolError("DUPLICATE_TOOL", `Tool already registered: ${tool.name}`);
    }
    readCoercionMode(tool.coercion, `Tool ${tool.name}: coercion`);
    const validator = compileToolSchemas(tool, this.coercionOf(tool));
    this.#tools.set(tool.name, tool);
    this.#validators.set(tool, validator);
    this.#notify({ type: "register", tool });
  }

  /** Removes the tool named `name`; `false` when there was none. */
  unregister(name: string): boolean {
    const tool = this.#tools.get(name);
    if (tool === undefined) return false;
    this.#tools.delete(name);
    this.#validators.delete(tool);
    this.#notify({ type: "unregister", tool });
    return true;
  }

  /** The tool named `name`, if registered. */
  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** Whether a tool named `name` is registered. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /**
   * The coercion mode this registry validates `tool`'s arguments with: the tool's own
   * `coercion`, else the registry's, else `"lossless"`.
   */
  coercionOf(tool: Tool): CoercionMode {
    return resolveCoercionMode(tool, this.#coercion);
  }

  /**
   * `safeValidateToolArguments` as this registry validates: with the validator it compiled for
   * `tool` at `register`, in the registry's coercion mode (see {@link coercionOf}). A tool that is
   * not (or no longer) registered here is compiled in that mode on first use. Never throws.
   */
  safeValidateArguments<TTool extends Tool>(
    tool: TTool,
    toolCall: ToolCall,
  ): SafeValidateToolArgumentsResult<TTool> {
    return safeValidateArgumentsWith(tool, toolCall, this.#validatorOf);
  }

  /**
   * {@link safeValidateArguments}, throwing: the validated params, or the `ToolArgumentsError`
   * (also for a tool whose Standard Schema library validates asynchronously, as
   * `validateToolArguments` does).
   */
  validateArguments<TTool extends Tool>(tool: TTool, toolCall: ToolCall): ToolParamsOf<TTool> {
    return settleArgumentsSynchronously(tool, this.safeValidateArguments(tool, toolCall)).params;
  }

  readonly #validatorOf = (tool: Tool): CompiledSchema =>
    this.#validators.get(tool) ?? getArgumentValidator(tool, this.coercionOf(tool));

  /** The tools in registration order (a new array). */
  list(): Tool[] {
    return [...this.#tools.values()];
  }

  /**
   * What the model sees: `buildToolDeclaration` of each tool — `name`, `description`,
   * `parameters` (`{ type: "object" }` when it has none; the JSON Schema a Standard Schema
   * produced) and `constrainedSampling` when the tool sets it — in registration order. With `filter.model`, only the
   * tools whose `isAvailable(model)` returns true (a throwing `isAvailable` counts as false).
   */
  definitions(filter: ToolDefinitionsFilter = {}): ToolDeclaration[] {
    const declarations: ToolDeclaration[] = [];
    for (const tool of this.#tools.values()) {
      if (filter.model !== undefined && !isAvailableFor(tool, filter.model)) continue;
      declarations.push(buildToolDeclaration(tool));
    }
    return declarations;
  }

  /** Calls `listener` on every later change; returns the function that unsubscribes it. */
  subscribe(listener: ToolRegistryListener): () => void {
    const subscription: ToolRegistryListener = (change) => listener(change);
    this.#listeners.add(subscription);
    return () => {
      this.#listeners.delete(subscription);
    };
  }

  #notify(change: ToolRegistryChange): void {
    let firstError: { error: unknown } | undefined;
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch (error) {
        firstError ??= { error };
      }
    }
    if (firstError !== undefined) throw firstError.error;
  }
}

function isAvailableFor(tool: Tool, model: ToolModel): boolean {
  if (tool.isAvailable === undefined) return true;
  try {
    return tool.isAvailable(model) === true;
  } catch {
    return false;
  }
}

function checkToolDefinition(tool: Tool): void {
  if (typeof tool !== "object" || tool === null) {
    throw new ToolError("INVALID_TOOL", "A tool must be an object made with defineTool");
  }
  const { name } = tool as { name?: unknown };
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new ToolError(
      "INVALID_TOOL",
      `Invalid tool name ${JSON.stringify(name) ?? String(name)}: it must match ${TOOL_NAME_PATTERN.source}`,
    );
  }
  if (typeof tool.description !== "string" || tool.description.trim() === "") {
    throw new ToolError("INVALID_TOOL", `Tool ${name} has no description`);
  }
  if (typeof tool.execute !== "function") {
    throw new ToolError("INVALID_TOOL", `Tool ${name} has no execute function`);
  }
}

/** Compiles every schema of `tool`; returns its argument validator in coercion `mode`. */
function compileToolSchemas(tool: Tool, mode: CoercionMode): CompiledSchema {
  const validator = compileSchema(tool, "parameters", () => getArgumentValidator(tool, mode));
  const outputSchema = tool.output !== undefined ? tool.output.schema : tool.outputSchema;
  if (outputSchema === undefined) return validator;
  const where = tool.output !== undefined ? "output.schema" : "outputSchema";
  // An interface-typed schema is JSON Schema all the same; only its TypeScript type lacks an index.
  const schema = outputSchema as JsonSchemaObject;
  compileSchema(tool, where, () => getValidator(schema, TOOL_OUTPUT_OPTIONS));
  return validator;
}

/** Runs `compileIt`, turning a compile error into a `ToolError` that names the tool and schema. */
function compileSchema<T>(tool: Tool, where: string, compileIt: () => T): T {
  try {
    return compileIt();
  } catch (error) {
    if (ToolError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const code =
      SchemaError.isInstance(error) && error.code === "UNSUPPORTED_SCHEMA"
        ? "UNSUPPORTED_SCHEMA"
        : "INVALID_SCHEMA";
    throw new ToolError(code, `Invalid ${where} schema for tool ${tool.name}: ${reason}`, {
      cause: error,
    });
  }
}
