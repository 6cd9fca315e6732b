// Before anything is timed, every library runs every payload once and is held to the expected
// verdict: a speed figure for a wrong answer would be worthless. A peer that disagrees (a format
// it does not check, a coercion it does not do) gets a warning row and keeps its timing; our
// package getting a case wrong is flagged in the speed tables too.
import { deepEqual } from "../harness/deep-equal.js";

/** @typedef {import("./corpus.js").SchemaCase} SchemaCase */
/** @typedef {import("./libraries.js").Library} Library */
/** @typedef {import("./libraries.js").PayloadKind} PayloadKind */

/**
 * @typedef {object} CorrectnessReport
 * @property {string[][]} warnings rows: case, kind, library, what went wrong
 * @property {Set<string>} mutating `library:case:kind` keys whose call wrote into its input
 * @property {Set<string>} wrong `library:case:kind` keys with a wrong verdict or value
 * @property {string[]} confirmations facts about our package worth printing (identity etc.)
 */

/** @param {PayloadKind} kind @param {SchemaCase} testCase */
export function payloadOf(kind, testCase) {
  if (kind === "valid") return testCase.valid;
  if (kind === "coercible") return testCase.coercible;
  return testCase.invalid;
}

/**
 * @param {SchemaCase[]} cases
 * @param {Library[]} libraries
 * @returns {CorrectnessReport}
 */
export function checkCorrectness(cases, libraries) {
  /** @type {CorrectnessReport} */
  const report = { warnings: [], mutating: new Set(), wrong: new Set(), confirmations: [] };
  let identityCount = 0;
  let coercedCount = 0;
  let invalidCount = 0;
  for (const testCase of cases) {
    for (const library of libraries) {
      if (library.missing !== undefined) continue;
      /** @type {import("./libraries.js").Prepared} */
      let prepared;
      try {
        prepared = library.prepare(testCase);
      } catch (error) {
        report.warnings.push([testCase.name, "compile", library.label, describe(error)]);
        for (const kind of library.kinds)
          report.wrong.add(`${library.id}:${testCase.name}:${kind}`);
        continue;
      }
      for (const kind of library.kinds) {
        const key = `${library.id}:${testCase.name}:${kind}`;
        const template = payloadOf(kind, testCase);
        const input = structuredClone(template);
        let problem;
        try {
          const outcome = prepared.outcome(input);
          problem = judge(kind, testCase, outcome, input, library);
          if (library.ours && problem === undefined) {
            if (kind === "valid") identityCount += 1;
            if (kind === "coercible") coercedCount += 1;
            if (kind === "invalid") invalidCount += 1;
          }
        } catch (error) {
          problem = `threw: ${describe(error)}`;
        }
        if (!deepEqual(input, template)) report.mutating.add(key);
        if (problem !== undefined) {
          report.wrong.add(key);
          report.warnings.push([testCase.name, kind, library.label, problem]);
        }
      }
    }
  }
  if (libraries.some((library) => library.ours && library.missing === undefined)) {
    report.confirmations.push(
      `schema-coerce: ${identityCount}/${cases.length} valid payloads came back as the same object, ` +
        `${coercedCount}/${cases.length} coercible payloads gave exactly the expected value, ` +
        `${invalidCount}/${cases.length} invalid payloads reported at least every planted issue`,
    );
  }
  return report;
}

/**
 * @param {PayloadKind} kind
 * @param {SchemaCase} testCase
 * @param {import("./libraries.js").Outcome} outcome
 * @param {unknown} input
 * @param {Library} library
 * @returns {string | undefined} what is wrong, if anything
 */
function judge(kind, testCase, outcome, input, library) {
  if (kind === "valid") {
    if (!outcome.ok) return `rejects the valid payload (${outcome.issues} issues)`;
    if (library.ours && outcome.value !== input) return "valid payload not returned as is";
    return undefined;
  }
  if (kind === "coercible") {
    if (!outcome.ok)
      return `does not coerce the payload into a valid one (${outcome.issues} issues)`;
    if (!deepEqual(outcome.value, testCase.coerced)) {
      return `coerced to ${JSON.stringify(outcome.value)}, expected ${JSON.stringify(testCase.coerced)}`;
    }
    return undefined;
  }
  if (outcome.ok) return "accepts the invalid payload";
  if (outcome.issues < testCase.invalidIssues) {
    return `reports ${outcome.issues} issues, ${testCase.invalidIssues} planted`;
  }
  return undefined;
}

/** @param {unknown} error */
function describe(error) {
  return error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error);
}
