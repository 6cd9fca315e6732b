import type { SchemaNode } from "../compile/schema-node";
import type { SchemaGraph } from "../schema-graph";
import type { CoercionChange, CoercionRule } from "../types";
import { type CoercionRules, selectCoercionRules } from "./coercion-rules";
import { coercionOf, type NodeCoercion } from "./node-coercion";
import { toPointerSegment } from "./to-pointer-segment";

/**
 * How deep the passes descend into a value. Deeper parts are left as they are (the validator
 * then reports them); the limit keeps a 10,000-deep value from overflowing the stack, with room
 * to spare for the validator's own frames.
 */
export const MAX_VALUE_DEPTH = 200;

/**
 * How many schema nodes one pass may visit. A union whose branches recurse can make the walk
 * exponential in the value's depth; past the budget the pass stops changing anything.
 */
export const VISIT_BUDGET = 200_000;

/**
 * How many union-branch trials may nest. Each trial converts a whole subtree that may hold
 * another union, so nested trials multiply; beyond this a union keeps its value unless some
 * branch already accepts it. Real tool schemas nest unions far less deeply.
 */
export const MAX_NESTED_TRIALS = 6;

/**
 * How deep an array item may sit for the passes to ask the validator whether they can leave it as
 * it is (see {@link CoercionRun.acceptsItem}). Each check walks at most the item, so the checks of
 * one pass cost at most this many times the value's size: linear in the input.
 */
export const MAX_CHECKED_ITEM_DEPTH = 4;

/**
 * The fewest items an array needs for the passes to check its items before walking them. A check
 * that fails is spent on top of the walk; with one or two items, an invalid array's items fail as
 * often as not, while in a longer one most items usually pass.
 */
export const MIN_CHECKED_ITEMS = 3;

/**
 * How many unions a run remembers as rejecting a value (see {@link CoercionRun.acceptsSomeBranch}):
 * enough for a union and the ones nested in its branches, which the passes meet in turn.
 */
const REMEMBERED_REJECTIONS = 4;

/** The change list of a run between calls (nothing is recorded then). */
const noChanges: CoercionChange[] = [];

/**
 * The state of one coercion call: the change list, the JSON Pointer of the place being visited
 * (kept as a stack so that no path string is built unless a change is recorded), the depth and
 * visit budget, and the `$ref` hops taken since the walk last moved into a child value (a hop
 * back to one of those is a cycle that cannot change anything).
 */
export class CoercionRun {
  readonly graph: SchemaGraph;
  /** `graph.options.parseJsonStrings`, read once: the passes ask at every string they visit. */
  readonly parsesJsonStrings: boolean;
  /** The conversion tables of the compile options' coercion mode (Pi's or lossless). */
  readonly rules: CoercionRules;
  #changes: CoercionChange[] = noChanges;
  readonly #path: (string | number)[] = [];
  /**
   * Index for index with `#path`: the JSON Pointer segment of that key when the caller had it
   * ready (a declared property's, read once per schema node), else `undefined` and the key is
   * escaped only if a change is recorded below it.
   */
  readonly #segments: (string | undefined)[] = [];
  /**
   * `#pointers[index]` is the JSON Pointer of the first `index + 1` path segments, valid for the
   * first `#pointersValid` entries. Sibling changes share their parent's prefix, so a record
   * usually appends one segment instead of escaping and joining the whole path again.
   */
  readonly #pointers: string[] = [];
  #pointersValid = 0;
  /**
   * Union branch lists that rejected a value in this call, slot for slot with
   * `#rejectedValues`: pass 2 and pass 3 each ask a union about the same unchanged value.
   */
  readonly #rejectedBranches: (readonly SchemaNode[] | undefined)[] = [];
  readonly #rejectedValues: unknown[] = [];
  #rejectedCount = 0;
  #rejectedNext = 0;
  readonly #refs: SchemaNode[] = [];
  readonly #refBases: number[] = [];
  #refBase = 0;
  #budget = VISIT_BUDGET;
  #trials = 0;

  constructor(graph: SchemaGraph) {
    this.graph = graph;
    this.parsesJsonStrings = graph.options.parseJsonStrings === true;
    this.rules = selectCoercionRules(graph.options);
  }

  /** Starts a coercion call that records into `changes`, clearing what an earlier call left. */
  begin(changes: CoercionChange[]): void {
    this.#changes = changes;
    // The stacks are empty after any call that returned normally; writing `length` is a slow
    // runtime call, so it is paid only after a call that threw.
    if (this.#path.length !== 0) {
      this.#path.length = 0;
      this.#segments.length = 0;
    }
    this.#pointersValid = 0;
    if (this.#refs.length !== 0) this.#refs.length = 0;
    if (this.#refBases.length !== 0) this.#refBases.length = 0;
    this.#refBase = 0;
    this.#trials = 0;
    this.#budget = VISIT_BUDGET;
    this.#forgetRejections();
  }

  /** The coercion facts of `node` (read on its first visit, kept on the node). */
  describe(node: SchemaNode): NodeCoercion {
    return coercionOf(node);
  }

  /** Whether `node` accepts `value`, via the validator. Counts against the visit budget. */
  accepts(node: SchemaNode, value: unknown): boolean {
    this.#budget -= 1;
    return this.graph.accepts(node, value);
  }

  /**
   * Whether the array item just entered (one of `itemCount`) is one `node` already accepts, so
   * the pass may leave it as it is without walking it: no pass changes a value its node accepts
   * (the coercer's own shortcut after each step rests on the same fact). Asked only for an object
   * or array item of an array of at least {@link MIN_CHECKED_ITEMS}, within
   * {@link MAX_CHECKED_ITEM_DEPTH} levels of the root: a scalar's visit costs less than a check,
   * and deeper down the checks would repeat the walks of the ones above. Spends the one visit the
   * skipped visit would have spent (not those below it: a pass that used to run out of budget on
   * a pathological schema now gets further).
   */
  acceptsItem(node: SchemaNode, item: unknown, itemCount: number): boolean {
    if (itemCount < MIN_CHECKED_ITEMS || typeof item !== "object" || item === null) return false;
    if (this.#path.length > MAX_CHECKED_ITEM_DEPTH || !this.graph.accepts(node, item)) {
      return false;
    }
    this.#budget -= 1;
    return true;
  }

  /** Counts one node visit; false once the pass has used its budget. */
  spend(): boolean {
    this.#budget -= 1;
    return this.#budget >= 0;
  }

  /**
   * Whether some branch of a union accepts `value`, via the validator. Counts one visit per branch
   * asked, as {@link accepts} does, also when the answer is remembered: a union whose branches all
   * rejected this value earlier in the call rejects it again (values are never mutated and checks
   * are pure), so pass 3 does not repeat pass 2's checks of an unchanged value.
   */
  acceptsSomeBranch(branches: readonly SchemaNode[], value: unknown): boolean {
    for (let slot = 0; slot < this.#rejectedCount; slot++) {
      if (this.#rejectedBranches[slot] === branches && this.#rejectedValues[slot] === value) {
        this.#budget -= branches.length;
        return false;
      }
    }
    for (const branch of branches) if (this.accepts(branch, value)) return true;
    const slot = this.#rejectedNext;
    this.#rejectedBranches[slot] = branches;
    this.#rejectedValues[slot] = value;
    this.#rejectedNext = (slot + 1) % REMEMBERED_REJECTIONS;
    if (this.#rejectedCount < REMEMBERED_REJECTIONS) this.#rejectedCount++;
    return false;
  }

  /** Drops the remembered rejections, so an idle run keeps no value of the last call alive. */
  #forgetRejections(): void {
    for (let slot = 0; slot < this.#rejectedCount; slot++) {
      this.#rejectedBranches[slot] = undefined;
      this.#rejectedValues[slot] = undefined;
    }
    this.#rejectedCount = 0;
    this.#rejectedNext = 0;
  }

  /** Gives the next pass a fresh visit budget. */
  startPass(): void {
    this.#budget = VISIT_BUDGET;
  }

  /** Whether the walk may move one level deeper into the value. */
  canDescend(): boolean {
    return this.#path.length < MAX_VALUE_DEPTH;
  }

  /**
   * Moves into the child `key` of the current value; `segment`, when given, is its JSON Pointer
   * segment (`toPointerSegment(key)`). Pair with {@link leave}.
   */
  enter(key: string | number, segment?: string): void {
    this.#path.push(key);
    this.#segments.push(segment);
    this.#forgetPointersFrom(this.#path.length - 1);
    this.#refBases.push(this.#refBase);
    this.#refBase = this.#refs.length;
  }

  /**
   * Moves into the single item of an array just built by wrapping the current value. The value
   * did not get any smaller, so `$ref` hops before the wrap still count as hops on this value:
   * a schema that wraps again and again (`items: {$ref: "#"}`) stops at the first repeat.
   */
  enterWrapped(): void {
    this.#path.push(0);
    this.#segments.push(undefined);
    this.#forgetPointersFrom(this.#path.length - 1);
    this.#refBases.push(this.#refBase);
  }

  /** Moves back out of the child entered last. */
  leave(): void {
    this.#path.pop();
    this.#segments.pop();
    this.#forgetPointersFrom(this.#path.length);
    this.#refBase = this.#refBases.pop() ?? 0;
  }

  /** Follows the reference of `node`; false when that would loop without moving in the value. */
  enterRef(node: SchemaNode): boolean {
    for (let index = this.#refBase; index < this.#refs.length; index++) {
      if (this.#refs[index] === node) return false;
    }
    this.#refs.push(node);
    return true;
  }

  /** Returns from the reference followed last. */
  leaveRef(): void {
    this.#refs.pop();
  }

  /** Records one change at the current place. */
  record(rule: CoercionRule, from: unknown, to: unknown): void {
    this.#changes.push({ path: this.#pointer(), rule, from, to });
  }

  /** Records the removal of the child `key` of the current place; `segment` as for {@link enter}. */
  recordRemoval(rule: CoercionRule, key: string, from: unknown, segment?: string): void {
    this.recordAt(key, segment, rule, from, undefined);
  }

  /**
   * Records one change at the child `key` of the current place without entering it; `segment`
   * as for {@link enter}. The child's pointer is used once, so it is joined here rather than
   * cached (at the root, a declared property's pointer is its segment: no string is built).
   */
  recordAt(
    key: string | number,
    segment: string | undefined,
    rule: CoercionRule,
    from: unknown,
    to: unknown,
  ): void {
    const path = this.#pointer() + (segment ?? toPointerSegment(key));
    this.#changes.push({ path, rule, from, to });
  }

  /**
   * Starts trying union branches; false (and nothing to end) when too many trials already nest.
   * Pair a true result with {@link endTrial}.
   */
  beginTrial(): boolean {
    if (this.#trials >= MAX_NESTED_TRIALS) return false;
    this.#trials += 1;
    return true;
  }

  /** Ends the trial begun last. */
  endTrial(): void {
    this.#trials -= 1;
  }

  /** The JSON Pointer of the current place, reusing the cached prefixes. */
  #pointer(): string {
    const length = this.#path.length;
    if (length === 0) return "";
    for (let index = this.#pointersValid; index < length; index++) {
      const prefix = index === 0 ? "" : (this.#pointers[index - 1] ?? "");
      const segment = this.#segments[index] ?? toPointerSegment(this.#path[index] ?? "");
      this.#pointers[index] = prefix + segment;
    }
    this.#pointersValid = length;
    return this.#pointers[length - 1] ?? "";
  }

  /** The path changed at segment `index`: the cached pointers from there on are stale. */
  #forgetPointersFrom(index: number): void {
    if (this.#pointersValid > index) this.#pointersValid = index;
  }

  /** A mark to undo the changes of a tried union branch with {@link rollback}. */
  mark(): number {
    return this.#changes.length;
  }

  /** Forgets the changes recorded since `mark`. */
  rollback(mark: number): void {
    if (this.#changes.length !== mark) this.#changes.length = mark;
  }
}
