/**
 * The message of anything a tool, a hook or a listener threw — `throw new Error("x")`, `throw "x"`,
 * `throw 42`, `throw { message: "x" }`, even `throw undefined` — as one line of text for the model.
 * Never throws itself, even for values whose getters or `toString` throw.
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (typeof thrown === "string") return thrown === "" ? "Error (empty message)" : thrown;
    if (typeof thrown === "object" && thrown !== null) {
      const { message, name } = thrown as { message?: unknown; name?: unknown };
      if (typeof message === "string" && message !== "") return message;
      if (typeof name === "string" && name !== "") return name;
      const json = JSON.stringify(thrown);
      return json === undefined || json === "{}" ? Object.prototype.toString.call(thrown) : json;
    }
    return String(thrown);
  } catch {
    return "Error (the thrown value could not be described)";
  }
}
