import { describe, expect, it } from "vitest";
import { makeRequest } from "./__fixtures__/make-request";
import { readDispatchRequest } from "./read-dispatch-request";

describe("readDispatchRequest", () => {
  it("should accept a request the dispatcher builds", () => {
    const request = makeRequest("echo", { a: 1 }, { timeoutMs: 100 });
    expect(readDispatchRequest(JSON.parse(JSON.stringify(request)))).toEqual({ ok: true, request });
  });

  it.each([
    [null, "the job's data is not an object"],
    [[], "the job's data is not an object"],
    [{ ...makeRequest("echo"), v: 2 }, "unsupported request version 2"],
    [{ ...makeRequest("echo"), key: 1 }, "key is not a string"],
    [{ ...makeRequest("echo"), toolName: undefined }, "toolName is not a string"],
    [{ ...makeRequest("echo"), toolCall: "x" }, "toolCall is not a tool call"],
    [{ ...makeRequest("echo"), args: [1] }, "args is not an object"],
    [{ ...makeRequest("echo"), replay: "maybe" }, 'replay is not "never" or "safe"'],
    [{ ...makeRequest("echo"), attempt: 0 }, "attempt is not a positive integer"],
    [{ ...makeRequest("echo"), attempt: 1.5 }, "attempt is not a positive integer"],
    [{ ...makeRequest("echo"), timeoutMs: "5" }, "timeoutMs is not a number"],
  ])("should refuse %j, saying why", (data, reason) => {
    expect(readDispatchRequest(data)).toEqual({ ok: false, reason });
  });
});
