// Anthropic's per-request strict budget (SPEC §8.4): tools admitted greedily in request order;
// one that would exceed a budget goes non-strict and consumes nothing.
import type { StrictBudgetCost } from "./compile-tool-schema";

const maxStrictTools = 20;
const maxOptionalParameters = 24;
const maxUnionParameters = 16;

/** The budget left in one request. */
export class AnthropicBudget {
  #tools = 0;
  #optional = 0;
  #unions = 0;

  /** Admits a tool (returns `undefined`) or names the budget it would break. */
  admit(cost: StrictBudgetCost): string | undefined {
    if (this.#tools + 1 > maxStrictTools) return "budget:strict-tools";
    if (this.#optional + cost.optionalParameters > maxOptionalParameters)
      return "budget:optional-params";
    if (this.#unions + cost.unionParameters > maxUnionParameters) return "budget:union-params";
    this.#tools++;
    this.#optional += cost.optionalParameters;
    this.#unions += cost.unionParameters;
    return undefined;
  }
}
