// Canonical tool names (`github.create_issue`) to names a provider accepts, and back (SPEC §8.7).
// Allocation is append-only and deterministic: the same names in the same order give the same map.
import { fnv1aHex } from "./fnv1a-hex";
import { assertProviderDialect, type ProviderDialect } from "./provider-dialect";
import { ProviderError } from "./provider-error";

interface NameRules {
  readonly valid: RegExp;
  readonly invalidCharacter: RegExp;
  readonly maxLength: number;
  readonly mustStartWith?: RegExp;
}

const openAiRules: NameRules = {
  valid: /^[a-zA-Z0-9_-]{1,64}$/,
  invalidCharacter: /[^a-zA-Z0-9_-]/g,
  maxLength: 64,
};
const geminiRules: NameRules = {
  valid: /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/,
  invalidCharacter: /[^A-Za-z0-9_.:-]/g,
  maxLength: 128,
  mustStartWith: /^[A-Za-z_]/,
};

/** Options of {@link ToolNameMap.build}. */
export interface ToolNameMapOptions {
  /** Provider names no tool may take (for example a provider's built-in tools). */
  readonly reserved?: readonly string[];
}

/** A reversible, append-only map between canonical tool names and one dialect's names. */
export class ToolNameMap {
  readonly dialect: ProviderDialect;
  readonly #rules: NameRules;
  readonly #reserved: ReadonlySet<string>;
  readonly #toProvider = new Map<string, string>();
  readonly #fromProvider = new Map<string, string>();
  readonly #entries: [string, string][] = [];
  readonly #versions = new Map<string, number>();

  private constructor(dialect: ProviderDialect, reserved: readonly string[]) {
    this.dialect = dialect;
    this.#rules = dialect === "gemini" ? geminiRules : openAiRules;
    this.#reserved = new Set(reserved);
  }

  /**
   * A map with `names` allocated in order. Throws `ProviderError`: `INVALID_ARGUMENT` for an
   * unknown dialect, `NAME_COLLISION` when a name equals a reserved one.
   */
  static build(
    names: Iterable<string>,
    dialect: ProviderDialect,
    options: ToolNameMapOptions = {},
  ): ToolNameMap {
    assertProviderDialect(dialect);
    const map = new ToolNameMap(dialect, options.reserved ?? []);
    for (const name of names) map.allocate(name);
    return map;
  }

  /**
   * The provider name of `name`, allocating one when it is new (append-only: existing entries
   * never change). Throws `NAME_COLLISION` when `name` equals a reserved provider name.
   */
  allocate(name: string): string {
    const known = this.#toProvider.get(name);
    if (known !== undefined) return known;
    if (this.#reserved.has(name)) {
      throw new ProviderError(
        "NAME_COLLISION",
        `Tool name "${name}" is reserved for dialect ${this.dialect}`,
      );
    }
    const base = this.#rules.valid.test(name) ? name : this.#sanitize(name);
    return this.#record(name, this.#free(base, name));
  }

  /**
   * A new provider name for a redefinition of `name` (`<base>_v2`, `_v3`, …), which becomes its
   * current name; every version still maps back to `name`.
   */
  allocateVersion(name: string): string {
    const base =
      this.#entries.find(([canonical]) => canonical === name)?.[1] ?? this.allocate(name);
    const version = (this.#versions.get(name) ?? 1) + 1;
    this.#versions.set(name, version);
    return this.#record(name, this.#free(`${base}_v${version}`, name, true));
  }

  /** The current provider name of `name`. Throws `INVALID_ARGUMENT` for a name never allocated. */
  toProvider(name: string): string {
    const providerName = this.#toProvider.get(name);
    if (providerName === undefined) {
      throw new ProviderError(
        "INVALID_ARGUMENT",
        `Unknown tool name "${name}": it was never declared to ${this.dialect}`,
      );
    }
    return providerName;
  }

  /** The canonical name of a provider name, or `undefined` when it maps to no tool. */
  fromProvider(name: string): string | undefined {
    return this.#fromProvider.get(name);
  }

  /** `[canonical, provider]` pairs in allocation order (versions included). */
  entries(): readonly (readonly [string, string])[] {
    return this.#entries.map(([canonical, provider]) => [canonical, provider] as const);
  }

  #record(canonical: string, providerName: string): string {
    this.#toProvider.set(canonical, providerName);
    this.#fromProvider.set(providerName, canonical);
    this.#entries.push([canonical, providerName]);
    return providerName;
  }

  #sanitize(name: string): string {
    let candidate = name.replace(this.#rules.invalidCharacter, "_");
    if (this.#rules.mustStartWith !== undefined && !this.#rules.mustStartWith.test(candidate))
      candidate = `_${candidate}`;
    if (candidate.length === 0) candidate = "_";
    if (candidate.length > this.#rules.maxLength) {
      candidate = `${candidate.slice(0, this.#rules.maxLength - 9)}_${fnv1aHex(name)}`;
    }
    return candidate;
  }

  #free(base: string, canonical: string, sanitize = false): string {
    const start =
      sanitize && base.length > this.#rules.maxLength
        ? this.#sanitize(canonical + base.slice(base.lastIndexOf("_v")))
        : base;
    const taken = (candidate: string): boolean =>
      this.#reserved.has(candidate) || this.#fromProvider.has(candidate);
    let candidate = start;
    for (let counter = 2; taken(candidate); counter++) {
      const suffix = `_${counter}`;
      candidate = `${start.slice(0, this.#rules.maxLength - suffix.length)}${suffix}`;
    }
    return candidate;
  }
}
