import { setDataProperty } from "./set-data-property";

/**
 * A new plain object with the own keys of `source` that come before `stopKey`, in order — the
 * start of a copy-on-write rebuild, made at the first key that changes or goes. Building a fresh
 * object (rather than copying everything and then `delete`-ing) keeps V8 from switching the copy
 * to slow dictionary mode, which every later pass would pay for.
 */
export function copyKeysBefore(
  source: Record<string, unknown>,
  stopKey: string,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key in source) {
    if (key === stopKey) break;
    if (Object.hasOwn(source, key)) setDataProperty(result, key, source[key]);
  }
  return result;
}
