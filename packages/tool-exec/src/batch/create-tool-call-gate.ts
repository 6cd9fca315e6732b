/**
 * Lock keys and sequential tools for calls that arrive one at a time, from a host that runs them on
 * its own schedule (the AI SDK and the OpenAI Agents SDK each run a step's calls concurrently, and
 * streamed calls start as they arrive). A batch knows all its calls up front; a gate learns them
 * in the order they enter, and gives them the batch's two guarantees in that order:
 *
 * - calls whose lock keys overlap never run at the same time, and run in the order they entered;
 * - a call to a tool with `executionMode: "sequential"` runs alone: it waits for every call that
 *   entered before it, and every call that enters after it waits for it.
 *
 * The calls are kept in phases, in entry order: a phase is either a run of ordinary calls or one
 * sequential call, and a phase opens when the one before it has finished. Inside a phase each
 * lock key has a queue in entry order, and a call starts when it heads the queue of every key it
 * holds (the scheduler's rule, so no two calls can wait on each other). Entering and leaving cost
 * O(the call's keys).
 */
import type { Tool } from "@toolwright/tool-core";

/**
 * Runs tasks — one tool call each — under lock keys and sequential tools across calls that enter
 * at different times. One gate per set of calls that must respect each other (e.g. one per tool
 * set handed to a host SDK); a gate holds no state once its calls have finished.
 */
export interface ToolCallGate {
  /**
   * Runs `task` once no call that entered earlier conflicts with it; resolves or rejects as
   * `task` does. The lock comes from `tool.lockKeys(params)` (read here, once) and
   * `tool.executionMode`; a `lockKeys` that throws or returns something other than an array of
   * strings counts as no keys — the call's own pipeline reports it (`lock_keys_error`). An
   * `undefined` tool (an unknown name) takes no lock.
   *
   * **Contract:** `task` is called exactly once — at once when nothing blocks it, else when the
   * last call blocking it has finished. It may throw or reject: the lock is released either way
   * and `run` rejects with it. Default: no lock when the tool declares neither `lockKeys` nor
   * sequential execution.
   */
  run<TResult>(
    tool: Tool | undefined,
    params: unknown,
    task: () => TResult | PromiseLike<TResult>,
  ): Promise<TResult>;
}

/** Creates a {@link ToolCallGate} with no call inside it. */
export function createToolCallGate(): ToolCallGate {
  return new PhasedToolCallGate();
}

interface GateEntry {
  readonly keys: readonly string[];
  readonly phase: GatePhase;
  /** Key queues this entry does not head yet. */
  blockedByKeys: number;
  started: boolean;
  readonly start: () => void;
}

interface GatePhase {
  readonly exclusive: boolean;
  open: boolean;
  /** Entries of this phase that have not finished. */
  remaining: number;
  readonly entries: GateEntry[];
  next: GatePhase | undefined;
}

interface KeyQueue {
  readonly entries: GateEntry[];
  head: number;
}

class PhasedToolCallGate implements ToolCallGate {
  readonly #keyQueues = new Map<string, KeyQueue>();
  #head: GatePhase | undefined = undefined;
  #tail: GatePhase | undefined = undefined;

  run<TResult>(
    tool: Tool | undefined,
    params: unknown,
    task: () => TResult | PromiseLike<TResult>,
  ): Promise<TResult> {
    return new Promise<TResult>((resolve, reject) => {
      const entry = this.#enter(readGateKeys(tool, params), isSequential(tool), () => {
        let running: PromiseLike<TResult> | TResult;
        try {
          running = task();
        } catch (error) {
          this.#leave(entry);
          reject(error);
          return;
        }
        Promise.resolve(running).then(
          (value) => {
            this.#leave(entry);
            resolve(value);
          },
          (error: unknown) => {
            this.#leave(entry);
            reject(error);
          },
        );
      });
      this.#startIfReady(entry);
    });
  }

  #enter(keys: readonly string[], exclusive: boolean, start: () => void): GateEntry {
    const phase = this.#phaseFor(exclusive);
    const entry: GateEntry = { keys, phase, blockedByKeys: 0, started: false, start };
    phase.remaining++;
    phase.entries.push(entry);
    for (const key of keys) {
      let queue = this.#keyQueues.get(key);
      if (queue === undefined) {
        queue = { entries: [], head: 0 };
        this.#keyQueues.set(key, queue);
      }
      queue.entries.push(entry);
      if (queue.entries.length - queue.head > 1) entry.blockedByKeys++;
    }
    return entry;
  }

  /** The phase a new entry joins: the open run of ordinary calls at the tail, or a new phase. */
  #phaseFor(exclusive: boolean): GatePhase {
    const tail = this.#tail;
    if (!exclusive && tail !== undefined && !tail.exclusive) return tail;
    const phase: GatePhase = {
      exclusive,
      open: tail === undefined,
      remaining: 0,
      entries: [],
      next: undefined,
    };
    if (tail === undefined) this.#head = phase;
    else tail.next = phase;
    this.#tail = phase;
    return phase;
  }

  #startIfReady(entry: GateEntry): void {
    if (entry.started || !entry.phase.open || entry.blockedByKeys > 0) return;
    entry.started = true;
    entry.start();
  }

  #leave(entry: GateEntry): void {
    for (const key of entry.keys) {
      const queue = this.#keyQueues.get(key);
      if (queue === undefined) continue;
      queue.head++;
      const next = queue.entries[queue.head];
      if (next === undefined) {
        this.#keyQueues.delete(key);
        continue;
      }
      next.blockedByKeys--;
      this.#startIfReady(next);
    }
    const phase = entry.phase;
    phase.remaining--;
    if (phase.remaining > 0 || phase !== this.#head) return;
    // The head phase finished: open the next one (a phase never finishes before it opened).
    const next = phase.next;
    this.#head = next;
    if (next === undefined) {
      this.#tail = undefined;
      return;
    }
    next.open = true;
    for (const waiting of next.entries) this.#startIfReady(waiting);
  }
}

function isSequential(tool: Tool | undefined): boolean {
  try {
    return tool?.executionMode === "sequential";
  } catch {
    return false;
  }
}

/** The distinct lock keys of a call, read once; `[]` for none or for anything unreadable. */
function readGateKeys(tool: Tool | undefined, params: unknown): readonly string[] {
  let returned: unknown;
  try {
    const lockKeys = tool?.lockKeys;
    if (typeof lockKeys !== "function") return [];
    returned = lockKeys(params as never);
    if (!Array.isArray(returned)) return [];
    const keys = new Set<string>();
    for (const key of returned as unknown[]) {
      if (typeof key !== "string") return [];
      keys.add(key);
    }
    return [...keys];
  } catch {
    return [];
  }
}
