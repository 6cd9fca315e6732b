import type { CreateMessageRequestParams, ElicitResult } from "@modelcontextprotocol/client";
import type { Seam, ToolContext } from "@toolwright/tool-core";
import { describe, expectTypeOf, it } from "vitest";
import { getMcpRequest } from "./get-mcp-request";
import { type McpRequest, McpRequestSeam } from "./mcp-request-seam";

describe("McpRequestSeam", () => {
  it("should be a seam of McpRequest, which context.use returns as such", () => {
    expectTypeOf(McpRequestSeam).toEqualTypeOf<Seam<McpRequest>>();
    const context = {} as ToolContext;
    expectTypeOf(context.use(McpRequestSeam)).toEqualTypeOf<McpRequest>();
  });

  it("should give getMcpRequest a result a tool must check for undefined", () => {
    expectTypeOf(getMcpRequest).returns.toEqualTypeOf<McpRequest | undefined>();
    expectTypeOf(getMcpRequest).parameter(0).toMatchTypeOf<Pick<ToolContext, "use">>();
  });

  it("should take the SDK's own parameter and result types for sampling and elicitation", () => {
    expectTypeOf<McpRequest["sample"]>().parameter(0).toEqualTypeOf<CreateMessageRequestParams>();
    expectTypeOf<Awaited<ReturnType<McpRequest["elicit"]>>>().toEqualTypeOf<ElicitResult>();
  });
});
