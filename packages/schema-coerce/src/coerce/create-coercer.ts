/**
 * The coercion pipeline of one compiled schema. Order, and why:
 *
 * 1. `removeAdditional` (when on) runs first, so the passes neither spend work on keys that will
 *    go nor see a union branch rejected only because of an unknown key.
 * 2. Pass 1 drops optional nulls.
 * 3. Pass 2 converts. `parseJsonStrings` (when on) acts inside it, at the node that asks for an
 *    object or array, before that node's rule — so before any wrapping — and the parsed value
 *    then gets pass 1 and the rest of pass 2 like any other value.
 * 4. Pass 3 coerces primitives by `type` (it also parses JSON where a type array lists `object`
 *    / `array`, since pass 2 leaves type arrays alone).
 * 5. `removeAdditional` runs once more if the result is still not valid: objects that came out of
 *    a JSON string, and union branches that only fit after conversion, are trimmed there.
 *
 * Passes 2 and 3 run in that order so that where both apply pass 2 wins (a required
 * `{type:"string"}` receiving `null` becomes `"null"`, not `""`).
 *
 * Shortcuts that change no result: after a step that changed the value, a valid value ends the
 * pipeline (later steps never change a valid value); pass 1 is left out for a value with no
 * `null` or `""` under a schema that fills no required `default` (`dropOptionalNullsFromRoot`);
 * pass 3 is left out for a schema where it cannot change what pass 2 left (`needsTypePass`), and
 * for a value whose few properties it could change already have their types (`isTypePassIdle`);
 * `removeAdditional` is left out for a schema where no node has `additionalProperties: false`
 * (`forbidsAdditionalAnywhere`); in a longer array, an item its schema accepts is not walked
 * (`CoercionRun.acceptsItem`), since no step changes a value its node accepts. Without `coerce`
 * only `removeAdditional` runs — `compile()` builds the coercer only with `coerce` on, so that is
 * for other callers.
 */
import type { SchemaNode } from "../compile/schema-node";
import type { SchemaGraph } from "../schema-graph";
import type { CoercionChange } from "../types";
import { coerceTypes } from "./coerce-types";
import { isCoercionOn } from "./coercion-rules";
import { CoercionRun } from "./coercion-run";
import { convertValue } from "./convert-value";
import { dropOptionalNullsFromRoot } from "./drop-optional-nulls";
import { forbidsAdditionalAnywhere } from "./forbids-additional-anywhere";
import { needsTypePass } from "./needs-type-pass";
import { removeAdditional } from "./remove-additional";
import { isTypePassIdle } from "./type-pass-idle";

/**
 * A coercion pass: the (possibly new) value for `node`.
 *
 * **Contract:** never mutates `value`; returns `value` itself when nothing changed; records
 * each change on the run. May throw only on an internal failure, which the coercer catches.
 */
/** Filled in by a {@link Coercer} that has itself judged the value it returns. */
export interface CoercionVerdict {
  /** `true` when the coercer confirmed the returned value is valid against the root schema. */
  valid: boolean;
}

/**
 * Coerces `value`, pushing each change onto `changes`; returns the input itself when nothing
 * changed. With `verdict`, also says whether it already confirmed the result valid, so the caller
 * can skip checking it again.
 */
export type Coercer = (
  value: unknown,
  changes: CoercionChange[],
  verdict?: CoercionVerdict,
) => unknown;

function accepted(value: unknown, verdict: CoercionVerdict | undefined): unknown {
  if (verdict !== undefined) verdict.valid = true;
  return value;
}

type Pass = (run: CoercionRun, node: SchemaNode, value: unknown) => unknown;

/** Pass 3, left out where it is sure to change nothing (see `isTypePassIdle`). */
const coerceTypesUnlessIdle: Pass = (run, node, value) =>
  isTypePassIdle(run, node, value) ? value : coerceTypes(run, node, value);

/** SPEC §1.4's three passes, in their fixed order. */
const allPasses: readonly Pass[] = [dropOptionalNullsFromRoot, convertValue, coerceTypesUnlessIdle];

/** Without `coerce` only `removeAdditional` applies (for a caller that wires it up alone). */
const noPasses: readonly Pass[] = [];

/** The passes for a schema where pass 3 cannot change what pass 2 left (see needsTypePass). */
const withoutTypePass: readonly Pass[] = [dropOptionalNullsFromRoot, convertValue];

/**
 * Builds the coercion function of one compiled schema. What the passes need of each schema node
 * is read from its compiled shapes on the first visit and kept on the node.
 *
 * The returned function runs the passes on `value` and returns the result (the input itself
 * when nothing changed), pushing one {@link CoercionChange} per change onto `changes`.
 *
 * **Contract:** the returned function never throws (on an internal failure it returns `value`
 * and drops the changes it had pushed), never mutates `value`, never inserts defaults, and
 * parses JSON strings only when `graph.options.parseJsonStrings` is on.
 */
export function createCoercer(graph: SchemaGraph): Coercer {
  const root = graph.root;
  // Decided on the first call (it needs a run to describe nodes): without any
  // `additionalProperties: false` to honour, the step is left out.
  let removesAdditional: boolean | undefined;
  let passes: readonly Pass[] | undefined;
  return (value, changes, verdict) => {
    if (verdict !== undefined) verdict.valid = false;
    const mark = changes.length;
    // A run per call: sharing one idle run between calls measured no faster (docs/performance.md),
    // and a run kept per compiled schema would cost memory for stacks that are empty between calls.
    const run = new CoercionRun(graph);
    try {
      run.begin(changes);
      passes ??= !isCoercionOn(graph.options)
        ? noPasses
        : needsTypePass(run, root)
          ? allPasses
          : withoutTypePass;
      removesAdditional ??=
        graph.options.removeAdditional === true && forbidsAdditionalAnywhere(run, root);
      let result = value;
      if (removesAdditional) {
        result = removeAdditional(run, root, result);
        if (result !== value && graph.accepts(root, result)) return accepted(result, verdict);
      }
      for (let index = 0; index < passes.length; index++) {
        const pass = passes[index] as Pass;
        run.startPass();
        const next = pass(run, root, result);
        if (next === result) continue;
        result = next;
        // Later steps never change a valid value, so once it is valid the rest is skipped;
        // after the last step the caller judges the value anyway.
        const isLast = index === passes.length - 1 && !removesAdditional;
        if (!isLast && graph.accepts(root, result)) return accepted(result, verdict);
      }
      if (removesAdditional) {
        run.startPass();
        result = removeAdditional(run, root, result);
      }
      return result;
    } catch {
      changes.length = mark;
      return value;
    }
  };
}
