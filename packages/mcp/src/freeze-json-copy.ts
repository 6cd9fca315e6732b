/**
 * A deep copy of a JSON value with every object and array frozen. Keys such as `__proto__` stay
 * plain data (JSON.parse defines them as own properties).
 */
export function freezeJsonCopy<T>(value: T): T {
  return deepFreeze(JSON.parse(JSON.stringify(value)) as T);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}
