// A transcript edited in place (a system message rewritten, one spliced in, the array cut short)
// must still get the right answer from declareToolChanges after its cache has seen the array.
import { makeTranscript } from "./tool-set.js";

/**
 * getCurrentTools returns an ordered map; accept a Map, an array or a plain object.
 * @param {any} current
 * @returns {any[]}
 */
export function listTools(current) {
  if (current instanceof Map) return [...current.values()];
  if (Array.isArray(current)) return current;
  return Object.values(current ?? {});
}

/**
 * The same declarations by name. Order is not compared: a tool that a change re-adds goes to the
 * end of the replayed map (getToolStateChanges lists additions, it does not reorder), so after an
 * edit the replay order may differ from `context.tools` while the tool set is right.
 * @param {any[]} left
 * @param {any[]} right
 * @param {(a: any, b: any) => boolean} declarationsEqual
 */
export function sameDeclarations(left, right, declarationsEqual) {
  const byName = new Map(right.map((declaration) => [declaration.name, declaration]));
  return (
    left.length === right.length &&
    left.every((declaration) => {
      const other = byName.get(declaration.name);
      return other !== undefined && declarationsEqual(declaration, other);
    })
  );
}

/**
 * A transcript edited in place (a system message rewritten, one spliced in) must still give the
 * right answer after the cache has seen it.
 * @param {Record<string, any>} api
 * @param {any[]} tools
 * @param {(messages: any[], current: any[]) => boolean} replaysTo
 * @returns {string[][]}
 */
export function checkInPlaceEdits(api, tools, replaysTo) {
  const { declareToolChanges, toToolDeclaration } = api;
  const pending = [{ role: "user", content: "next", timestamp: 0 }];
  /** @type {string[][]} */
  const rows = [];
  /**
   * @param {string} name
   * @param {(messages: any[]) => void} edit
   */
  const check = (name, edit) => {
    const messages = makeTranscript(1000, tools, toToolDeclaration);
    const context = { messages, tools };
    declareToolChanges(context, pending);
    declareToolChanges(context, pending);
    edit(messages);
    const result = declareToolChanges(context, pending);
    const right = result !== pending && replaysTo([...messages, ...result], tools);
    rows.push([
      name,
      right ? "ok: change declared, transcript replays to the tools" : "WRONG: stale answer",
    ]);
  };
  check("edited in place: first system message loses 5 tools", (messages) => {
    messages[0] = { ...messages[0], toolsAdded: messages[0].toolsAdded.slice(5) };
  });
  check("edited in place: a removing system message spliced in", (messages) => {
    messages.splice(10, 0, {
      role: "system",
      content: "",
      toolsRemoved: [{ name: "tool_3" }],
      timestamp: 0,
    });
  });
  check("edited in place: truncated to its first 30 messages", (messages) => {
    messages.length = 30;
  });
  return rows;
}
