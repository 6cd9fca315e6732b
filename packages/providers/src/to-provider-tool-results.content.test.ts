import {
  type Content,
  describeContentPlaceholder,
  type ToolResultMessage,
} from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import type { ProviderDialect } from "./provider-dialect";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderWarning } from "./provider-warning";
import { toProviderToolResults } from "./to-provider-tool-results";
import { toProviderTools } from "./to-provider-tools";

const declarations = [{ name: "docs.fetch", description: "d", parameters: { type: "object" } }];

/** One block of each kind a dialect treats differently. */
const blocks = {
  text: { type: "text", text: "hello" },
  png: { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
  bmp: { type: "image", data: "Qk0=", mimeType: "image/bmp" },
  wav: { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" },
  ogg: { type: "audio", data: "T2dnUw==", mimeType: "audio/ogg" },
  pdf: { type: "file", mimeType: "application/pdf", filename: "report.pdf", data: "JVBERi0xLjQ=" },
  txt: { type: "file", mimeType: "text/plain", data: btoa("plain text") },
  docx: { type: "file", mimeType: "application/msword", data: "0M8R4A==" },
  pdfUrl: { type: "file", url: "https://example.com/spec.pdf", mimeType: "application/pdf" },
  pngUrl: { type: "file", url: "https://example.com/chart.png", mimeType: "image/png" },
  link: {
    type: "resource_link",
    uri: "file:///notes.md",
    name: "notes",
    title: "Notes",
    description: "Meeting notes",
    mimeType: "text/markdown",
  },
  textResource: {
    type: "resource",
    resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "alpha" },
  },
  pngResource: {
    type: "resource",
    resource: { uri: "file:///img/b.png", mimeType: "image/png", blob: "iVBORw0KGgo=" },
  },
  userOnly: { type: "text", text: "for the user", annotations: { audience: ["user"] } },
} satisfies Record<string, Content>;

const linkText = "[resource link] Notes: file:///notes.md (text/markdown)\nMeeting notes";
const resourceText = "[resource file:///a.txt]\nalpha";

function result(content: readonly Content[], toolCallId = "c1"): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId,
    toolName: "docs.fetch",
    content,
    details: undefined,
    usage: undefined,
    isError: false,
    timestamp: 0,
  };
}

/** Maps `content` as call `c1`'s result; returns the payload and the warnings it gave. */
function map(
  dialect: ProviderDialect,
  content: readonly Content[],
  options: ProviderToolOptions = {},
): { payload: unknown[]; warnings: ProviderWarning[] } {
  const warnings: ProviderWarning[] = [];
  const tools = toProviderTools(declarations, dialect, options);
  const payload = toProviderToolResults([result(content)], tools, {
    onWarning: (warning) => warnings.push(warning),
  });
  return { payload, warnings };
}

/** The warnings' block indices, and that each names the call and says why. */
function downgradedIndices(warnings: readonly ProviderWarning[]): number[] {
  return warnings.map((warning) => {
    expect(warning).toMatchObject({
      tool: "docs.fetch",
      kind: "content",
      code: "CONTENT_DOWNGRADED",
      toolCallId: "c1",
      detail: expect.stringMatching(/^block \d+ of call c1 not sent: .+/),
    });
    return warning.kind === "content" ? warning.blockIndex : -1;
  });
}

const all = Object.values(blocks) as Content[];

describe("toProviderToolResults with rich content", () => {
  it("openai-chat: text in the tool message, every media block a placeholder with a warning", () => {
    const { payload, warnings } = map("openai-chat", all);
    const label = "Chat Completions";
    expect(payload).toEqual([
      {
        role: "tool",
        tool_call_id: "c1",
        content: [
          "hello",
          ...[blocks.png, blocks.bmp, blocks.wav, blocks.ogg, blocks.pdf, blocks.txt, blocks.docx]
            .concat([blocks.pdfUrl, blocks.pngUrl] as never[])
            .map((block) => describeContentPlaceholder(block as Content, label)),
          linkText,
          resourceText,
          describeContentPlaceholder(blocks.pngResource, label),
        ].join("\n"),
      },
    ]);
    expect(downgradedIndices(warnings)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
  });

  it("openai-chat: with mediaInUserMessage, images, wav/mp3 audio and PDF data go in one user message", () => {
    const { payload, warnings } = map("openai-chat", all, {
      openaiChat: { mediaInUserMessage: true },
    });
    const label = "Chat Completions";
    expect(payload).toEqual([
      {
        role: "tool",
        tool_call_id: "c1",
        content: [
          "hello",
          describeContentPlaceholder(blocks.ogg, label),
          describeContentPlaceholder(blocks.txt, label),
          describeContentPlaceholder(blocks.docx, label),
          describeContentPlaceholder(blocks.pdfUrl, label),
          linkText,
          resourceText,
        ].join("\n"),
      },
      {
        role: "user",
        content: [
          { type: "text", text: "Media returned by tool calls:" },
          { type: "text", text: "c1:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
          { type: "text", text: "c1:" },
          { type: "image_url", image_url: { url: "data:image/bmp;base64,Qk0=" } },
          { type: "text", text: "c1:" },
          { type: "input_audio", input_audio: { data: "UklGRiQAAABXQVZF", format: "wav" } },
          { type: "text", text: "c1:" },
          {
            type: "file",
            file: { file_data: "data:application/pdf;base64,JVBERi0xLjQ=", filename: "report.pdf" },
          },
          { type: "text", text: "c1:" },
          { type: "image_url", image_url: { url: "https://example.com/chart.png" } },
          { type: "text", text: "c1:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        ],
      },
    ]);
    expect(downgradedIndices(warnings)).toEqual([4, 6, 7, 8]);
    expect(warnings.map((warning) => warning.detail)).toEqual([
      "block 4 of call c1 not sent: Chat Completions takes audio as wav or mp3 data only",
      "block 6 of call c1 not sent: Chat Completions file parts take PDFs only",
      "block 7 of call c1 not sent: Chat Completions file parts take PDFs only",
      "block 8 of call c1 not sent: Chat Completions file parts take no URL",
    ]);
  });

  it("openai-responses: images and files natively, audio as a placeholder", () => {
    const { payload, warnings } = map("openai-responses", all);
    const label = "Responses";
    expect(payload).toEqual([
      {
        type: "function_call_output",
        call_id: "c1",
        output: [
          { type: "input_text", text: "hello" },
          { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" },
          { type: "input_image", image_url: "data:image/bmp;base64,Qk0=" },
          { type: "input_text", text: describeContentPlaceholder(blocks.wav, label) },
          { type: "input_text", text: describeContentPlaceholder(blocks.ogg, label) },
          {
            type: "input_file",
            file_data: "data:application/pdf;base64,JVBERi0xLjQ=",
            filename: "report.pdf",
          },
          {
            type: "input_file",
            file_data: `data:text/plain;base64,${btoa("plain text")}`,
            filename: "tool-result-6.txt",
          },
          {
            type: "input_file",
            file_data: "data:application/msword;base64,0M8R4A==",
            filename: "tool-result-7",
          },
          { type: "input_file", file_url: "https://example.com/spec.pdf" },
          { type: "input_image", image_url: "https://example.com/chart.png" },
          { type: "input_text", text: linkText },
          { type: "input_text", text: resourceText },
          { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" },
        ],
      },
    ]);
    expect(downgradedIndices(warnings)).toEqual([3, 4]);
  });

  it("openai-responses: output stays a string when links and placeholders are all there is", () => {
    const { payload } = map("openai-responses", [blocks.text, blocks.link, blocks.wav]);
    expect(payload).toEqual([
      {
        type: "function_call_output",
        call_id: "c1",
        output: `hello\n${linkText}\n${describeContentPlaceholder(blocks.wav, "Responses")}`,
      },
    ]);
  });

  it("anthropic: images of its four types, PDFs and plain text as documents, the rest placeholders", () => {
    const { payload, warnings } = map("anthropic", all);
    const label = "Anthropic";
    expect(payload).toEqual([
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "c1",
            content: [
              { type: "text", text: "hello" },
              {
                type: "image",
                source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
              },
              { type: "text", text: describeContentPlaceholder(blocks.bmp, label) },
              { type: "text", text: describeContentPlaceholder(blocks.wav, label) },
              { type: "text", text: describeContentPlaceholder(blocks.ogg, label) },
              {
                type: "document",
                source: { type: "base64", media_type: "application/pdf", data: "JVBERi0xLjQ=" },
                title: "report.pdf",
              },
              {
                type: "document",
                source: { type: "text", media_type: "text/plain", data: "plain text" },
              },
              { type: "text", text: describeContentPlaceholder(blocks.docx, label) },
              { type: "document", source: { type: "url", url: "https://example.com/spec.pdf" } },
              { type: "image", source: { type: "url", url: "https://example.com/chart.png" } },
              { type: "text", text: linkText },
              {
                type: "document",
                source: { type: "text", media_type: "text/plain", data: "alpha" },
                title: "file:///a.txt",
              },
              {
                type: "image",
                source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
              },
            ],
          },
        ],
      },
    ]);
    expect(downgradedIndices(warnings)).toEqual([2, 3, 4, 7]);
  });

  it("anthropic: a text/plain file that is not base64 of UTF-8 is a placeholder", () => {
    const { payload, warnings } = map("anthropic", [
      { type: "file", mimeType: "text/plain", data: "//79" },
    ]);
    expect(JSON.stringify(payload)).toContain("not sent: Anthropic tool results do not carry file");
    expect(warnings[0]?.detail).toBe(
      "block 0 of call c1 not sent: its data is not base64 of UTF-8 text",
    );
  });

  it("gemini: images, PDFs and plain text as parts, texts in the response, audio a placeholder", () => {
    const { payload, warnings } = map("gemini", all);
    const label = "Gemini";
    const media = [
      { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } },
      { inlineData: { mimeType: "image/bmp", data: "Qk0=" } },
      { inlineData: { mimeType: "application/pdf", data: "JVBERi0xLjQ=" } },
      { inlineData: { mimeType: "text/plain", data: btoa("plain text") } },
      { fileData: { mimeType: "application/pdf", fileUri: "https://example.com/spec.pdf" } },
      { fileData: { mimeType: "image/png", fileUri: "https://example.com/chart.png" } },
      { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } },
    ];
    const output = [
      "hello",
      describeContentPlaceholder(blocks.wav, label),
      describeContentPlaceholder(blocks.ogg, label),
      describeContentPlaceholder(blocks.docx, label),
      linkText,
      resourceText,
    ].join("\n");
    expect(payload).toEqual([
      {
        role: "user",
        parts: [
          {
            functionResponse: { id: "c1", name: "docs.fetch", response: { output }, parts: media },
          },
        ],
      },
    ]);
    expect(downgradedIndices(warnings)).toEqual([3, 4, 7]);
    const beside = map("gemini", all, { gemini: { functionResponseParts: false } }).payload;
    expect(beside).toEqual([
      {
        role: "user",
        parts: [
          { functionResponse: { id: "c1", name: "docs.fetch", response: { output } } },
          ...media,
        ],
      },
    ]);
  });

  it("gemini: a file by URL without a MIME type is a placeholder naming the URL", () => {
    const { payload, warnings } = map("gemini", [{ type: "file", url: "https://example.com/x" }]);
    expect(payload).toEqual([
      {
        role: "user",
        parts: [
          {
            functionResponse: {
              id: "c1",
              name: "docs.fetch",
              response: {
                output:
                  "[file, https://example.com/x, not sent: Gemini tool results do not carry file]",
              },
            },
          },
        ],
      },
    ]);
    expect(downgradedIndices(warnings)).toEqual([0]);
  });

  it.each<ProviderDialect>(["openai-chat", "openai-responses", "anthropic", "gemini"])(
    "%s: should leave out blocks meant only for the user, unless respectAudience is false",
    (dialect) => {
      const content = [
        blocks.text,
        blocks.userOnly,
        { ...blocks.wav, annotations: { audience: [] } },
      ];
      const kept = map(dialect, content);
      expect(JSON.stringify(kept.payload)).not.toContain("for the user");
      expect(JSON.stringify(kept.payload)).not.toContain("audio");
      expect(kept.warnings).toEqual([]);
      const both = { ...blocks.text, annotations: { audience: ["user", "assistant"] } } as Content;
      expect(JSON.stringify(map(dialect, [both]).payload)).toContain("hello");
      const all = map(dialect, [blocks.userOnly], { respectAudience: false });
      expect(JSON.stringify(all.payload)).toContain("for the user");
    },
  );

  it.each<ProviderDialect>(["openai-chat", "openai-responses", "anthropic", "gemini"])(
    "%s: should never put a downgraded block's bytes in the payload",
    (dialect) => {
      const bytes = btoa("x".repeat(3000));
      const { payload, warnings } = map(dialect, [
        { type: "audio", data: bytes, mimeType: "audio/flac" },
      ]);
      expect(JSON.stringify(payload)).not.toContain(bytes.slice(0, 32));
      expect(JSON.stringify(payload)).toContain("[audio audio/flac, 3000 bytes, not sent: ");
      expect(downgradedIndices(warnings)).toEqual([0]);
    },
  );

  it("should report warnings in result and block order across results, and none without onWarning", () => {
    const tools = toProviderTools(declarations, "anthropic");
    const warnings: ProviderWarning[] = [];
    const results = [
      result([blocks.text, blocks.wav], "a"),
      result([blocks.ogg, blocks.docx], "b"),
    ];
    toProviderToolResults(results, tools, { onWarning: (warning) => warnings.push(warning) });
    expect(
      warnings.map(
        (warning) => warning.kind === "content" && [warning.toolCallId, warning.blockIndex],
      ),
    ).toEqual([
      ["a", 1],
      ["b", 0],
      ["b", 1],
    ]);
    expect(() => toProviderToolResults(results, tools)).not.toThrow();
  });
});
