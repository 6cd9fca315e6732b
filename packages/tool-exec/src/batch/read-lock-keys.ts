import type { PreparedCall } from "../call/prepared-call";
import { describeThrown } from "../describe-thrown";

/**
 * A prepared call's lock keys, from its tool's `lockKeys(params)`, read once into a private array
 * of distinct keys: `undefined` for none, or a string saying why the call must fail
 * (`lock_keys_error`) — the function threw, or returned something that is not an array of strings
 * (a Proxy or a getter that throws included).
 */
export function readLockKeys(prepared: PreparedCall): readonly string[] | string | undefined {
  const { tool, toolCall } = prepared;
  const lockKeys = tool.lockKeys;
  if (lockKeys === undefined) return undefined;
  let returned: unknown;
  try {
    returned = lockKeys(prepared.args as never);
  } catch (error) {
    return `lockKeys of tool ${toolCall.name} failed: ${describeThrown(error)}`;
  }
  const invalid = `lockKeys of tool ${toolCall.name} must return an array of strings`;
  let keys: string[];
  try {
    if (!Array.isArray(returned)) return invalid;
    const length = returned.length;
    keys = new Array<string>(length);
    for (let index = 0; index < length; index++) {
      const key: unknown = returned[index];
      if (typeof key !== "string") return invalid;
      keys[index] = key;
    }
  } catch (error) {
    return `lockKeys of tool ${toolCall.name} failed: ${describeThrown(error)}`;
  }
  if (keys.length === 0) return undefined;
  return keys.length === 1 ? keys : [...new Set<string>(keys)];
}
