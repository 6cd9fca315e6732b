// The public API of this package: explicit named exports only.
export {};
