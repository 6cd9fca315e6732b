// The tools the official MCP conformance suite calls, written as any Toolwright application would:
// `defineTool` and a `ToolRegistry`; each tool reaches its MCP request (logging, sampling,
// elicitation, the stream) through `getMcpRequest(context)`, never through a hook of its own.
import { getMcpRequest, type McpRequest } from "@toolwright/mcp";
import { type Content, defineTool, type ToolContext, ToolRegistry } from "@toolwright/tool-core";

/** A 1×1 red PNG. */
const RED_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/** A WAV file holding 8 silent samples: a RIFF header, a 16-bit mono PCM format chunk, data. */
const SILENT_WAV =
  "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";

const sleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

const text = (value: string): Content => ({ type: "text", text: value });

/** The MCP request of a call; these tools are only ever served, so a missing one is a bug. */
function requestOf(context: ToolContext): McpRequest {
  const request = getMcpRequest(context);
  if (request === undefined) throw new Error("This tool needs the MCP request it serves");
  return request;
}

const noArguments = { type: "object", properties: {}, additionalProperties: false } as const;

/** A registry with one tool per tools scenario of the suite. */
export function createConformanceRegistry(): ToolRegistry {
  return new ToolRegistry([
    defineTool({
      name: "test_simple_text",
      description: "Returns a simple text block",
      parameters: noArguments,
      execute: () => ({ content: [text("This is a simple text response for testing.")] }),
    }),
    defineTool({
      name: "test_image_content",
      description: "Returns an image block (a 1×1 red PNG)",
      parameters: noArguments,
      execute: () => ({
        content: [{ type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" }],
      }),
    }),
    defineTool({
      name: "test_audio_content",
      description: "Returns an audio block (a short silent WAV)",
      parameters: noArguments,
      execute: () => ({ content: [{ type: "audio", data: SILENT_WAV, mimeType: "audio/wav" }] }),
    }),
    defineTool({
      name: "test_embedded_resource",
      description: "Returns an embedded text resource",
      parameters: noArguments,
      execute: () => ({
        content: [
          {
            type: "resource",
            resource: {
              uri: "test://embedded-resource",
              mimeType: "text/plain",
              text: "This is an embedded resource content.",
            },
          },
        ],
      }),
    }),
    defineTool({
      name: "test_multiple_content_types",
      description: "Returns text, an image and an embedded resource",
      parameters: noArguments,
      execute: () => ({
        content: [
          text("Multiple content types test:"),
          { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" },
          {
            type: "resource",
            resource: {
              uri: "test://mixed-content-resource",
              mimeType: "application/json",
              text: JSON.stringify({ test: "data", value: 123 }),
            },
          },
        ],
      }),
    }),
    defineTool({
      name: "test_tool_with_logging",
      description: "Logs three messages to the client while it runs",
      parameters: noArguments,
      execute: async (_params, context) => {
        const request = requestOf(context);
        await request.log("info", "Tool execution started");
        await sleep(50);
        await request.log("info", "Tool processing data");
        await sleep(50);
        await request.log("info", "Tool execution completed");
        return { content: [text("Tool with logging executed successfully")] };
      },
    }),
    defineTool({
      name: "test_error_handling",
      description: "Always fails with an error result",
      parameters: noArguments,
      execute: () => ({
        content: [text("This tool intentionally returns an error for testing")],
        isError: true,
      }),
    }),
    defineTool({
      name: "test_tool_with_progress",
      description: "Reports progress 0/100, 50/100 and 100/100",
      parameters: noArguments,
      execute: async (_params, context) => {
        for (const progress of [0, 50, 100]) {
          if (progress > 0) await sleep(50);
          context.onUpdate({ progress, total: 100, message: `${progress}% done` });
        }
        return { content: [text("Progress test completed")] };
      },
    }),
    defineTool({
      name: "test_sampling",
      description: "Asks the client's model to answer a prompt",
      parameters: {
        type: "object",
        properties: { prompt: { type: "string", description: "The prompt to send" } },
        required: ["prompt"],
        additionalProperties: false,
      },
      execute: async (params, context) => {
        const result = await requestOf(context).sample({
          messages: [{ role: "user", content: { type: "text", text: String(params.prompt) } }],
          maxTokens: 100,
        });
        const answer = Array.isArray(result.content) ? result.content[0] : result.content;
        return {
          content: [text(`LLM response: ${answer?.type === "text" ? answer.text : "(no text)"}`)],
        };
      },
    }),
    defineTool({
      name: "test_elicitation",
      description: "Asks the client's user for a username and an email address",
      parameters: {
        type: "object",
        properties: { message: { type: "string", description: "The message to show" } },
        required: ["message"],
        additionalProperties: false,
      },
      execute: async (params, context) => {
        const result = await requestOf(context).elicit({
          message: String(params.message),
          requestedSchema: {
            type: "object",
            properties: {
              username: { type: "string", description: "User's response" },
              email: { type: "string", description: "User's email address" },
            },
            required: ["username", "email"],
          },
        });
        return { content: [text(`User response: ${describeElicitation(result)}`)] };
      },
    }),
    defineTool({
      name: "test_elicitation_sep1034_defaults",
      description: "Asks the client for input with a default for every primitive type",
      parameters: noArguments,
      execute: async (_params, context) => {
        const result = await requestOf(context).elicit({
          message: "Please review your profile",
          requestedSchema: {
            type: "object",
            properties: {
              name: { type: "string", default: "John Doe" },
              age: { type: "integer", default: 30 },
              score: { type: "number", default: 95.5 },
              status: {
                type: "string",
                enum: ["active", "inactive", "pending"],
                default: "active",
              },
              verified: { type: "boolean", default: true },
            },
          },
        });
        return { content: [text(`Elicitation completed: ${describeElicitation(result)}`)] };
      },
    }),
    defineTool({
      name: "test_elicitation_sep1330_enums",
      description: "Asks the client for input with each kind of enum",
      parameters: noArguments,
      execute: async (_params, context) => {
        const result = await requestOf(context).elicit({
          message: "Please choose",
          requestedSchema: {
            type: "object",
            properties: {
              untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
              titledSingle: {
                type: "string",
                oneOf: [
                  { const: "value1", title: "First Option" },
                  { const: "value2", title: "Second Option" },
                  { const: "value3", title: "Third Option" },
                ],
              },
              legacyEnum: {
                type: "string",
                enum: ["opt1", "opt2", "opt3"],
                enumNames: ["Option One", "Option Two", "Option Three"],
              },
              untitledMulti: {
                type: "array",
                items: { type: "string", enum: ["option1", "option2", "option3"] },
              },
              titledMulti: {
                type: "array",
                items: {
                  anyOf: [
                    { const: "value1", title: "First Choice" },
                    { const: "value2", title: "Second Choice" },
                    { const: "value3", title: "Third Choice" },
                  ],
                },
              },
            },
          },
        });
        return { content: [text(`Elicitation completed: ${describeElicitation(result)}`)] };
      },
    }),
    defineTool({
      name: "json_schema_2020_12_tool",
      description: "Tool with JSON Schema 2020-12 features",
      parameters: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        $defs: {
          address: {
            type: "object",
            properties: { street: { type: "string" }, city: { type: "string" } },
          },
        },
        properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
        additionalProperties: false,
      },
      execute: (params) => ({ content: [text(`Received ${JSON.stringify(params)}`)] }),
    }),
    defineTool({
      name: "test_reconnection",
      description: "Closes its SSE stream mid-call; the result arrives on the resumed stream",
      parameters: noArguments,
      execute: async (_params, context) => {
        requestOf(context).closeStream?.();
        await sleep(100);
        return {
          content: [
            text(
              "Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.",
            ),
          ],
        };
      },
    }),
  ]);
}

function describeElicitation(result: { action: string; content?: unknown }): string {
  return `action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
}
