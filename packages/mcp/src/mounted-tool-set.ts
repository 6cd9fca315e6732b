import { type Tool, ToolError, type ToolRegistry } from "@toolwright/tool-core";
import {
  createMountedTool,
  type MountedTool,
  type MountToolContext,
  mountedToolKey,
} from "./create-mounted-tool";
import { findToolDefect } from "./list-mcp-tools";
import { hashedToolName, mapToolName } from "./map-tool-name";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpTool } from "./mcp-client-like";
import type { McpMountEvent, McpToolSkipCode } from "./mcp-mount-event";
import type { McpToolChanges } from "./mcp-tool-changes";

const NO_CHANGES: McpToolChanges = Object.freeze({ added: [], removed: [], changed: [] });

/**
 * The tools one mount keeps in a registry, by MCP name, in registration order. `apply` diffs a
 * new listing against them and changes the registry only where a tool was added, removed or
 * changed, so an unchanged tool keeps its `Tool` object (and the transcript its cached
 * declaration) across reorders, key-order noise and reconnects.
 */
export class MountedToolSet {
  readonly #registry: ToolRegistry;
  readonly #context: MountToolContext;
  readonly #emit: (event: McpMountEvent) => void;
  readonly #entries = new Map<string, MountedTool>();
  readonly #reportedSkips = new Map<string, string>();
  /** The Toolwright names of the entries, so naming a new tool takes constant time. */
  readonly #names = new Set<string>();
  readonly #include: ReadonlySet<string> | undefined;
  readonly #exclude: ReadonlySet<string>;

  constructor(
    registry: ToolRegistry,
    context: MountToolContext,
    emit: (event: McpMountEvent) => void,
  ) {
    this.#registry = registry;
    this.#context = context;
    this.#emit = emit;
    const { include, exclude } = context.options;
    this.#include = include === undefined ? undefined : new Set(include);
    this.#exclude = new Set(exclude);
  }

  /** The mounted tools in registration order. */
  tools(): Tool[] {
    return [...this.#entries.values()].map((entry) => entry.tool);
  }

  /**
   * Brings the registry in line with `listed` (valid tools in server order): removals, then
   * changes, then additions. With `throwOnCollision`, a name taken by a foreign tool undoes every
   * registration of this set and throws `NAME_COLLISION`.
   */
  apply(listed: readonly McpTool[], throwOnCollision: boolean): McpToolChanges {
    const { options } = this.#context;
    const selected = this.#select(listed);
    const removed: MountedTool[] = [];
    const changed: Array<[MountedTool, McpTool]> = [];
    const added: McpTool[] = [];
    for (const entry of this.#entries.values()) {
      if (!selected.has(entry.mcpName)) removed.push(entry);
    }
    for (const tool of selected.values()) {
      const entry = this.#entries.get(tool.name);
      if (entry === undefined) added.push(tool);
      else if (entry.key !== safeKey(tool, entry.tool.name, options)) changed.push([entry, tool]);
    }
    if (removed.length === 0 && changed.length === 0 && added.length === 0) return NO_CHANGES;
    if (options.order === "name")
      added.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    const changes = { added: [] as string[], removed: [] as string[], changed: [] as string[] };
    for (const entry of removed) {
      this.#unregister(entry);
      changes.removed.push(entry.tool.name);
    }
    for (const [entry, tool] of changed) {
      this.#unregister(entry);
      if (this.#register(tool, entry.tool.name) === undefined)
        changes.changed.push(entry.tool.name);
      else changes.removed.push(entry.tool.name);
    }
    for (const tool of added) {
      const name = this.#allocateName(tool.name);
      if (name === undefined) {
        this.#skip(
          tool.name,
          "NAME_COLLISION",
          "its name and its hashed name are taken by other tools of this server",
        );
      }
      const failure = name === undefined ? "NAME_COLLISION" : this.#register(tool, name);
      if (failure === undefined) changes.added.push(name as string);
      else if (failure === "NAME_COLLISION" && throwOnCollision) {
        this.unregisterAll();
        throw new McpBridgeError(
          "NAME_COLLISION",
          `MCP server "${options.id}": the name ${JSON.stringify(name ?? mapToolName(tool.name, options))} of tool "${tool.name}" is already taken in the registry`,
        );
      }
    }
    return changes;
  }

  /** Unregisters every tool of this set; returns their names. */
  unregisterAll(): string[] {
    const names: string[] = [];
    for (const entry of [...this.#entries.values()]) {
      this.#unregister(entry);
      names.push(entry.tool.name);
    }
    return names;
  }

  /** Transforms and filters a listing; reports what it skips. Keyed by MCP name, in server order. */
  #select(listed: readonly McpTool[]): Map<string, McpTool> {
    const { options } = this.#context;
    const selected = new Map<string, McpTool>();
    for (const original of listed) {
      let tool: McpTool | undefined = original;
      if (options.transformTool !== undefined) {
        try {
          tool = options.transformTool(original);
        } catch (error) {
          this.#skip(original.name, "INVALID_TOOL", `transformTool threw: ${messageOf(error)}`);
          continue;
        }
        if (tool === undefined) continue;
        const defect = findToolDefect(tool);
        if (defect !== undefined) {
          this.#skip(original.name, "INVALID_TOOL", `after transformTool: ${defect}`);
          continue;
        }
      }
      if (selected.has(tool.name)) {
        this.#skip(tool.name, "INVALID_TOOL", "the server lists this name more than once");
        continue;
      }
      if (!this.#passesFilters(tool)) continue;
      if (tool.execution?.taskSupport === "required") {
        this.#skip(
          tool.name,
          "TASK_REQUIRED",
          "the tool can only run as a task, which this bridge does not support",
        );
        continue;
      }
      selected.set(tool.name, tool);
    }
    return selected;
  }

  #passesFilters(tool: McpTool): boolean {
    const { filter } = this.#context.options;
    if (this.#include !== undefined && !this.#include.has(tool.name)) return false;
    if (this.#exclude.has(tool.name)) return false;
    if (filter === undefined) return true;
    try {
      return filter(tool) === true;
    } catch {
      return false;
    }
  }

  /** A free name for a new tool, or `undefined` when even its hashed name is taken by this set. */
  #allocateName(mcpName: string): string | undefined {
    const { options } = this.#context;
    const plain = mapToolName(mcpName, options);
    if (!this.#names.has(plain)) return plain;
    const hashed = hashedToolName(mcpName, options);
    return this.#names.has(hashed) ? undefined : hashed;
  }

  /** Maps and registers `tool` under `name`; returns why it failed, or `undefined`. */
  #register(tool: McpTool, name: string): McpToolSkipCode | undefined {
    let mounted: MountedTool;
    try {
      mounted = createMountedTool(tool, name, this.#context);
    } catch (error) {
      this.#skip(tool.name, "INVALID_SCHEMA", messageOf(error));
      return "INVALID_SCHEMA";
    }
    if (this.#registry.has(name)) {
      this.#skip(tool.name, "NAME_COLLISION", `the name ${name} is already registered`);
      return "NAME_COLLISION";
    }
    try {
      this.#registry.register(mounted.tool);
    } catch (error) {
      // A subscriber that throws does not undo the registration; anything else is a refusal.
      if (this.#registry.get(name) !== mounted.tool) {
        const code =
          ToolError.isInstance(error) && error.code === "DUPLICATE_TOOL"
            ? "NAME_COLLISION"
            : "INVALID_SCHEMA";
        this.#skip(tool.name, code, messageOf(error));
        return code;
      }
    }
    this.#entries.set(tool.name, mounted);
    this.#names.add(name);
    this.#reportedSkips.delete(tool.name);
    if (mounted.warning !== undefined) {
      this.#emit({
        type: "tool_warning",
        mountId: this.#context.options.id,
        tool: tool.name,
        reason: mounted.warning,
      });
    }
    return undefined;
  }

  #unregister(entry: MountedTool): void {
    this.#entries.delete(entry.mcpName);
    this.#names.delete(entry.tool.name);
    if (this.#registry.get(entry.tool.name) !== entry.tool) return;
    try {
      this.#registry.unregister(entry.tool.name);
    } catch {
      // A throwing subscriber does not undo the removal.
    }
  }

  /** Reports a skipped tool once per distinct reason, so a refresh does not repeat itself. */
  #skip(tool: string, code: McpToolSkipCode, reason: string): void {
    const signature = `${code}:${reason}`;
    if (this.#reportedSkips.get(tool) === signature) return;
    this.#reportedSkips.set(tool, signature);
    this.#emit({ type: "tool_skipped", mountId: this.#context.options.id, tool, code, reason });
  }

  /** Reports entries of a listing that are not usable tools (from `listMcpTools`). */
  reportInvalid(invalid: ReadonlyArray<{ readonly tool: string; readonly reason: string }>): void {
    for (const entry of invalid) this.#skip(entry.tool, "INVALID_TOOL", entry.reason);
  }
}

/** The comparison key, or `undefined` (equal to no key) when the tool cannot be serialized. */
function safeKey(
  tool: McpTool,
  name: string,
  options: MountToolContext["options"],
): string | undefined {
  try {
    return mountedToolKey(tool, name, options);
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
