// The validators under test, each behind the same small interface: how to compile a fresh copy of
// a case's schema, and, for each payload kind it takes part in, the hot call and a readable outcome
// for the correctness check. Every library is configured the way a tool runtime would use it:
// formats checked, all issues collected, coercion where the library has it.
import { Validator as CfworkerValidator } from "@cfworker/json-schema";
import { compile as piCompile } from "@earendil-works/pi-schema";
import { formats as piFormats } from "@earendil-works/pi-schema/formats";
import { CloneType, FormatRegistry } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Value } from "@sinclair/typebox/value";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { loadPackage } from "../harness/load-package.js";

/** @typedef {import("./corpus.js").SchemaCase} SchemaCase */
/** @typedef {"valid" | "coercible" | "invalid"} PayloadKind */
/** @typedef {{ ok: boolean, value: unknown, issues: number }} Outcome */
/**
 * @typedef {object} Prepared
 * @property {(value: unknown) => unknown} call the measured call
 * @property {(value: unknown) => Outcome} outcome the same call, read for the correctness check
 */
/**
 * @typedef {object} Library
 * @property {string} id
 * @property {string} label
 * @property {PayloadKind[]} kinds the payload kinds it is measured on
 * @property {boolean} ours
 * @property {string} [missing] why it cannot be measured in this run
 * @property {(testCase: SchemaCase) => Prepared} prepare
 * @property {(testCase: SchemaCase) => unknown} copySchema a fresh, never compiled copy
 * @property {() => (copy: unknown) => unknown} makeCompiler a compile function (a new instance of
 *   the library where it keeps state across compiles)
 * @property {(compiled: any, value: unknown) => void} use one call on a result of makeCompiler
 * @property {number} [memoryCompiles] how many copies the memory measure compiles (default 2,000;
 *   fewer for a library whose compile takes milliseconds, to keep the run short)
 */

// Ajv and ajv-formats are CommonJS; their default export arrives wrapped under ESM.
const Ajv2020 = /** @type {any} */ (Ajv2020Module).default ?? Ajv2020Module;
const addFormats = /** @type {any} */ (addFormatsModule).default ?? addFormatsModule;

/** Variants that compile exactly like another column: not measured twice for compile and memory. */
export const sharesCompiler = new Set(["ajv-coerce", "typebox-convert", "ours-check"]);

/** The options a tool runtime compiles arguments schemas with (see validateToolArguments). */
export const oursOptions = {
  coerce: "lossless",
  formats: true,
  removeAdditional: true,
  parseJsonStrings: true,
  unresolvedRefs: "reject",
};

/** TypeBox checks only registered formats; register the same checks Ajv uses. */
function registerTypeboxFormats() {
  for (const [name, format] of Object.entries(fullFormats)) {
    if (FormatRegistry.Has(name)) continue;
    /** @type {any} */
    const definition = format;
    const test =
      definition instanceof RegExp || typeof definition === "function"
        ? definition
        : definition.validate;
    if (test instanceof RegExp) FormatRegistry.Set(name, (value) => test.test(value));
    else if (typeof test === "function") FormatRegistry.Set(name, (value) => test(value) === true);
  }
}

/** @param {SchemaCase} testCase */
const jsonCopy = (testCase) => structuredClone(testCase.json);

/** @param {SchemaCase} testCase */
const typeboxCopy = (testCase) => ({
  schema: CloneType(testCase.typebox),
  references: testCase.references.map((reference) => CloneType(reference)),
});

function newAjv(/** @type {Record<string, unknown>} */ extra) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, ...extra });
  addFormats(ajv);
  return ajv;
}

/** @returns {Promise<Library[]>} */
export async function loadLibraries() {
  registerTypeboxFormats();
  const ours = await loadPackage("@toolwright/schema-coerce", ["compile"]);
  const oursCompile = "module" in ours ? ours.module.compile : undefined;

  /** @type {Library} */
  const toolwright = {
    id: "ours",
    label: "schema-coerce parse",
    kinds: ["valid", "coercible", "invalid"],
    ours: true,
    ...("missing" in ours ? { missing: ours.missing } : {}),
    prepare(testCase) {
      const compiled = oursCompile(structuredClone(testCase.json), oursOptions);
      return {
        call: (value) => compiled.parse(value),
        outcome(value) {
          const result = compiled.parse(value);
          return result.ok
            ? { ok: true, value: result.value, issues: 0 }
            : { ok: false, value, issues: result.errors.length };
        },
      };
    },
    copySchema: jsonCopy,
    makeCompiler: () => (copy) => oursCompile(copy, oursOptions),
    use: (compiled, value) => compiled.parse(value),
  };

  const piOptions = { coerce: true, formats: piFormats, unresolvedRefs: "reject" };
  /** @type {Library} */
  const pi = {
    id: "pi",
    label: "pi-schema parse",
    kinds: ["valid", "coercible", "invalid"],
    ours: false,
    prepare(testCase) {
      const compiled = piCompile(structuredClone(testCase.json), /** @type {any} */ (piOptions));
      return {
        call: (value) => compiled.parse(value),
        outcome(value) {
          const result = compiled.parse(value);
          return result.ok
            ? { ok: true, value: result.value, issues: 0 }
            : { ok: false, value, issues: result.errors.length };
        },
      };
    },
    copySchema: jsonCopy,
    makeCompiler: () => (copy) =>
      piCompile(/** @type {object} */ (copy), /** @type {any} */ (piOptions)),
    use: (compiled, value) => compiled.parse(value),
  };

  /**
   * @param {string} id
   * @param {string} label
   * @param {PayloadKind[]} kinds
   * @param {Record<string, unknown>} extra
   * @returns {Library}
   */
  const ajvLibrary = (id, label, kinds, extra) => ({
    id,
    label,
    kinds,
    ours: false,
    prepare(testCase) {
      const validate = newAjv(extra).compile(structuredClone(testCase.json));
      return {
        call: (value) => validate(value),
        outcome(value) {
          const ok = validate(value);
          return { ok, value, issues: ok ? 0 : (validate.errors?.length ?? 0) };
        },
      };
    },
    copySchema: jsonCopy,
    makeCompiler() {
      const ajv = newAjv(extra);
      return (copy) => ajv.compile(copy);
    },
    use: (compiled, value) => compiled(value),
    memoryCompiles: 250,
  });

  /** @type {Library} */
  const cfworker = {
    id: "cfworker",
    label: "@cfworker/json-schema",
    kinds: ["valid", "invalid"],
    ours: false,
    prepare(testCase) {
      const validator = new CfworkerValidator(structuredClone(testCase.json), "2020-12", false);
      return {
        call: (value) => validator.validate(value),
        outcome(value) {
          const result = validator.validate(value);
          return { ok: result.valid, value, issues: result.errors.length };
        },
      };
    },
    copySchema: jsonCopy,
    makeCompiler: () => (copy) =>
      new CfworkerValidator(/** @type {any} */ (copy), "2020-12", false),
    use: (compiled, value) => compiled.validate(value),
  };

  /** @type {Library} */
  const typebox = {
    id: "typebox",
    label: "TypeBox TypeCompiler",
    kinds: ["valid", "invalid"],
    ours: false,
    prepare(testCase) {
      const compiled = TypeCompiler.Compile(testCase.typebox, testCase.references);
      return {
        call: (value) => (compiled.Check(value) ? true : [...compiled.Errors(value)]),
        outcome(value) {
          const ok = compiled.Check(value);
          return { ok, value, issues: ok ? 0 : [...compiled.Errors(value)].length };
        },
      };
    },
    copySchema: typeboxCopy,
    makeCompiler: () => (copy) => {
      const { schema, references } = /** @type {ReturnType<typeof typeboxCopy>} */ (copy);
      return TypeCompiler.Compile(schema, references);
    },
    use: (compiled, value) => compiled.Check(value) || [...compiled.Errors(value)],
  };

  /** @type {Library} */
  const typeboxConvert = {
    id: "typebox-convert",
    label: "TypeBox Value.Convert + Check",
    kinds: ["coercible"],
    ours: false,
    prepare(testCase) {
      const compiled = TypeCompiler.Compile(testCase.typebox, testCase.references);
      /** @param {unknown} value */
      const convert = (value) => Value.Convert(testCase.typebox, testCase.references, value);
      return {
        call: (value) => compiled.Check(convert(value)),
        outcome(value) {
          const converted = convert(value);
          const ok = compiled.Check(converted);
          return { ok, value: converted, issues: ok ? 0 : [...compiled.Errors(converted)].length };
        },
      };
    },
    copySchema: typeboxCopy,
    makeCompiler: () => (copy) => {
      const { schema, references } = /** @type {ReturnType<typeof typeboxCopy>} */ (copy);
      return TypeCompiler.Compile(schema, references);
    },
    use: (compiled, value) => compiled.Check(value),
  };

  /** @type {Library} */
  const toolwrightCheck = {
    ...toolwright,
    id: "ours-check",
    label: "schema-coerce check",
    kinds: ["valid"],
    ours: false,
    prepare(testCase) {
      const compiled = oursCompile(structuredClone(testCase.json), oursOptions);
      return {
        call: (value) => compiled.check(value),
        outcome: (value) => ({ ok: compiled.check(value), value, issues: 0 }),
      };
    },
  };

  return [
    toolwright,
    toolwrightCheck,
    ajvLibrary("ajv", "Ajv 8 (allErrors)", ["valid", "invalid"], {}),
    ajvLibrary("ajv-coerce", 'Ajv 8 (coerceTypes: "array")', ["coercible"], {
      coerceTypes: "array",
    }),
    pi,
    cfworker,
    typebox,
    typeboxConvert,
  ];
}
