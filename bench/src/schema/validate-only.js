// Validate-only: a yes/no answer for a payload, no coercion, no issue list. Our `check()` beside
// Ajv (which generates code with `new Function`) and the validators that run without code
// generation — the ones a strict Content-Security-Policy, `--disallow-code-generation-from-strings`
// or an edge runtime leaves: @cfworker/json-schema, jsonschema, Zod 4 with `jitless`, TypeBox's
// `Value.Check`. Each is asked the way it answers yes/no fastest (stop at the first error where it
// can), on the valid and the invalid payload of every case, and checked for the right verdict
// before it is timed.
import { Validator as CfworkerValidator } from "@cfworker/json-schema";
import { Value } from "@sinclair/typebox/value";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { Validator as JsonschemaValidator } from "jsonschema";
import { z } from "zod";
import { interleave, measureSync } from "../harness/measure.js";
import { appendTo, formatDuration, formatRatio, geometricMean, ratioOf } from "../harness/stats.js";
import { oursOptions } from "./libraries.js";

/** @typedef {import("./corpus.js").SchemaCase} SchemaCase */
/** @typedef {import("../harness/table.js").Table} Table */
/** @typedef {{ id: string, label: string, prepare: (testCase: SchemaCase) => (value: unknown) => boolean }} Checker */

const Ajv2020 = /** @type {any} */ (Ajv2020Module).default ?? Ajv2020Module;
const addFormats = /** @type {any} */ (addFormatsModule).default ?? addFormatsModule;

const poolSize = 2048;
const rounds = 2;
const timePerRound = 150;

/**
 * @param {(schema: object, options: object) => { check: (value: unknown) => boolean }} oursCompile
 * @returns {Checker[]}
 */
function checkers(oursCompile) {
  return [
    {
      id: "ours",
      label: "schema-coerce check()",
      prepare: (testCase) => {
        const compiled = oursCompile(structuredClone(testCase.json), oursOptions);
        return (value) => compiled.check(value);
      },
    },
    ajvChecker("ajv", "Ajv 8 validate (new Function)", false),
    ajvChecker("ajv-all", "Ajv 8 validate, allErrors (new Function)", true),
    {
      id: "cfworker",
      label: "@cfworker/json-schema (shortCircuit)",
      prepare: (testCase) => {
        const validator = new CfworkerValidator(structuredClone(testCase.json), "2020-12", true);
        return (value) => validator.validate(value).valid;
      },
    },
    {
      id: "jsonschema",
      label: "jsonschema",
      prepare: (testCase) => {
        const validator = new JsonschemaValidator();
        const schema = structuredClone(testCase.json);
        return (value) => validator.validate(value, schema).valid;
      },
    },
    {
      id: "zod",
      label: "Zod 4 (jitless, fromJSONSchema)",
      prepare: (testCase) => {
        const schema = z.fromJSONSchema(structuredClone(testCase.json));
        return (value) => schema.safeParse(value).success;
      },
    },
    {
      id: "typebox",
      label: "TypeBox Value.Check",
      prepare: (testCase) => (value) => Value.Check(testCase.typebox, testCase.references, value),
    },
  ];
}

/**
 * Ajv as a yes/no validator: stopping at the first error (its default), or collecting all of them
 * (how the parse tables above run it).
 * @param {string} id
 * @param {string} label
 * @param {boolean} allErrors
 * @returns {Checker}
 */
function ajvChecker(id, label, allErrors) {
  return {
    id,
    label,
    prepare: (testCase) => {
      const ajv = new Ajv2020({ strict: false, allErrors });
      addFormats(ajv);
      const validate = ajv.compile(structuredClone(testCase.json));
      return (value) => validate(value) === true;
    },
  };
}

/**
 * Measures every checker on the valid and invalid payload of every case.
 *
 * @param {SchemaCase[]} cases
 * @param {(schema: object, options: object) => { check: (value: unknown) => boolean }} oursCompile
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ tables: Table[], geomeans: Record<string, number | undefined> }>}
 */
export async function measureValidateOnly(cases, oursCompile, io) {
  // Zod's JIT builds validators with `new Function`; `jitless` is its eval-free interpreter. Set
  // for this measure only, so no other part of the run sees it.
  z.config({ jitless: true });
  try {
    return await measureAll(cases, checkers(oursCompile), io);
  } finally {
    z.config({ jitless: false });
  }
}

/**
 * @param {SchemaCase[]} cases
 * @param {Checker[]} all
 * @param {{ log: (line: string) => void }} io
 */
async function measureAll(cases, all, io) {
  /** @type {Table[]} */
  const tables = [];
  /** @type {string[][]} */
  const warnings = [];
  /** @type {Record<string, number | undefined>} */
  const geomeans = {};
  const evalFree = all.filter((checker) => checker.id !== "ours" && !checker.id.startsWith("ajv"));
  for (const kind of /** @type {const} */ (["valid", "invalid"])) {
    /** @type {Record<string, number[]>} */
    const ratios = {};
    /** @type {string[][]} */
    const rows = [];
    for (const testCase of cases) {
      const template = kind === "valid" ? testCase.valid : testCase.invalid;
      /** @type {Record<string, () => number>} */
      const tasks = {};
      /** @type {Set<string>} */
      const wrong = new Set();
      for (const checker of all) {
        let call;
        try {
          call = checker.prepare(testCase);
          const verdict = call(structuredClone(template));
          if (verdict !== (kind === "valid")) {
            wrong.add(checker.id);
            warnings.push([testCase.name, kind, checker.label, `answered ${verdict}`]);
          }
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          warnings.push([testCase.name, kind, checker.label, `n/a: ${reason.slice(0, 80)}`]);
          continue;
        }
        const measured = call;
        tasks[checker.id] = () => {
          io.log(`schema: validate-only ${kind} · ${testCase.name} · ${checker.label}`);
          return measureSync(
            `validate-only:${checker.id}:${testCase.name}:${kind}`,
            measured,
            () => Array.from({ length: poolSize }, () => structuredClone(template)),
            { time: timePerRound },
          );
        };
      }
      /** @type {Record<string, number | undefined>} */
      const times = await interleave(tasks, rounds);
      const ours = times.ours;
      const cell = (/** @type {Checker} */ checker) =>
        `${formatDuration(times[checker.id])}${wrong.has(checker.id) ? " ⚠" : ""}`;
      const row = [testCase.name, ...all.map(cell)];
      for (const ajv of ["ajv", "ajv-all"]) {
        const oursToAjv = ratioOf(ours, times[ajv]);
        if (oursToAjv !== undefined) appendTo(ratios, `ours÷${ajv}`, oursToAjv);
        row.push(formatRatio(oursToAjv));
      }
      for (const peer of evalFree) {
        const ratio = ratioOf(times[peer.id], ours);
        if (ratio !== undefined && !wrong.has(peer.id)) appendTo(ratios, `${peer.id}÷ours`, ratio);
        row.push(formatRatio(ratio));
      }
      rows.push(row);
    }
    const keys = ["ours÷ajv", "ours÷ajv-all", ...evalFree.map((peer) => `${peer.id}÷ours`)];
    const meanRow = ["geometric mean of ratios", ...all.map(() => "")];
    for (const key of keys) {
      const mean = geometricMean(ratios[key] ?? []);
      geomeans[`${kind}:${key}`] = Number.isFinite(mean) ? mean : undefined;
      meanRow.push(formatRatio(mean));
    }
    rows.push(meanRow);
    tables.push({
      title: `validate-only, ${kind} payload (yes/no, first error) — time per call; our check() ÷ Ajv, and each eval-free peer ÷ our check()`,
      header: ["case", ...all.map((checker) => checker.label), ...keys],
      rows,
      notes: [
        "Ajv generates code with new Function; every other column runs without code generation.",
        "⚠ = a wrong verdict on this payload (its ratio is left out of the mean).",
      ],
    });
  }
  tables.unshift({
    title: "Validate-only: verdicts checked before timing",
    header: ["case", "payload", "library", "problem"],
    rows: warnings.length > 0 ? warnings : [["—", "—", "—", "none"]],
  });
  return { tables, geomeans };
}
