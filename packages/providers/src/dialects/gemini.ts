// Gemini generateContent: calls in, results out, calls replayed (SPEC §8.8, §8.13).

import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import {
  downgradeBlock,
  isForModel,
  type MediaSource,
  type ResultMapping,
  readBlockText,
  readMedia,
} from "../content/index";
import { ProviderError } from "../provider-error";
import type { ProviderTools } from "../provider-tools";
import type { ProviderWarning } from "../provider-warning";
import {
  copyArguments,
  isJsonObject,
  type ProviderToolCalls,
  ToolCallCollector,
} from "../read-tool-calls";
import { joinText, providerNameOf } from "../tool-result-text";
import type {
  GeminiFunctionCallPart,
  GeminiFunctionResponsePart,
  GeminiMediaPart,
  GeminiToolResultContent,
} from "./gemini-types";

const malformedReasons: readonly unknown[] = ["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL"];
const sentinel = "skip_thought_signature_validator";

/** Reads the `functionCall` parts of candidate 0. Ids Gemini left out are made up and marked. */
export function readGeminiCalls(
  response: unknown,
  tools: ProviderTools,
  idPrefix: string | undefined,
): ProviderToolCalls {
  if (
    !isJsonObject(response) ||
    (response.candidates !== undefined && !Array.isArray(response.candidates))
  ) {
    throw new ProviderError("INVALID_RESPONSE", "Gemini response: candidates is not an array");
  }
  const collector = new ToolCallCollector(tools);
  const candidate = Array.isArray(response.candidates) ? response.candidates[0] : undefined;
  if (candidate === undefined)
    return { calls: [], truncated: false, malformed: false, unknownNames: [] };
  if (!isJsonObject(candidate))
    throw new ProviderError("INVALID_RESPONSE", "Gemini response: candidates[0] is not an object");
  const parts = isJsonObject(candidate.content) ? candidate.content.parts : undefined;
  if (parts !== undefined && !Array.isArray(parts)) {
    throw new ProviderError(
      "INVALID_RESPONSE",
      "Gemini response: candidates[0].content.parts is not an array",
    );
  }
  const responseId =
    typeof response.responseId === "string"
      ? response.responseId.replace(/[^A-Za-z0-9_-]/g, "_")
      : undefined;
  const prefix = idPrefix ?? responseId ?? "gemini_call";
  let index = 0;
  for (const part of parts ?? []) {
    if (!isJsonObject(part) || !isJsonObject(part.functionCall)) continue;
    const call = part.functionCall;
    if (typeof call.name !== "string") {
      throw new ProviderError(
        "INVALID_RESPONSE",
        `Gemini response: functionCall ${index} has no name`,
      );
    }
    const gemini: Record<string, unknown> = {};
    if (typeof part.thoughtSignature === "string") gemini.thoughtSignature = part.thoughtSignature;
    let id = call.id;
    if (typeof id !== "string") {
      id = `${prefix}_${index}`;
      gemini.syntheticId = true;
    }
    const args =
      call.args === undefined
        ? { arguments: {} }
        : isJsonObject(call.args)
          ? { arguments: copyArguments(call.args) }
          : { arguments: {}, argumentsError: "Tool arguments must be a JSON object" };
    collector.add(
      id as string,
      call.name,
      args,
      Object.keys(gemini).length > 0 ? { gemini } : undefined,
    );
    index++;
  }
  return {
    calls: collector.calls,
    truncated: candidate.finishReason === "MAX_TOKENS",
    malformed: malformedReasons.includes(candidate.finishReason),
    unknownNames: collector.unknownNames,
  };
}

/** Whether a call's id was made up by {@link readGeminiCalls}. */
export function hasSyntheticId(call: ToolCall | undefined): boolean {
  const gemini = call?.providerData?.gemini;
  return isJsonObject(gemini) && gemini.syntheticId === true;
}

const LABEL = "Gemini";
/** The non-image types documented for function-response parts (see the README). */
const DOCUMENT_TYPES: readonly string[] = ["application/pdf", "text/plain"];

/**
 * One user `Content` with a `functionResponse` per result: the text blocks (links and embedded
 * texts included) joined in `response.output` (`response.error` for an error result), images and
 * the documented document types as `inlineData` (by data) or `fileData` (by URL) parts — inside
 * `functionResponse.parts`, or as sibling parts after it with `mediaInside: false`. Audio and
 * other documents are a placeholder text with a warning.
 */
export function writeGeminiResults(
  results: readonly ToolResultMessage[],
  tools: ProviderTools,
  syntheticIds: ReadonlySet<string>,
  mediaInside: boolean,
  mapping: ResultMapping,
): GeminiToolResultContent[] {
  if (results.length === 0) return [];
  const parts: GeminiToolResultContent["parts"] = [];
  for (const result of results) {
    const texts: string[] = [];
    const media: GeminiMediaPart[] = [];
    result.content.forEach((block, index) => {
      if (!isForModel(block, mapping.respectAudience)) return;
      const text = readBlockText(block);
      if (text !== undefined) {
        texts.push(text);
        return;
      }
      const part = toMediaPart(readMedia(block) as MediaSource);
      if (typeof part === "string")
        texts.push(downgradeBlock(mapping, LABEL, result, block, index, part));
      else media.push(part);
    });
    const text = joinText(texts);
    const functionResponse: GeminiFunctionResponsePart["functionResponse"] = {
      ...(syntheticIds.has(result.toolCallId) ? {} : { id: result.toolCallId }),
      name: providerNameOf(result.toolName, tools),
      response: result.isError ? { error: text } : { output: text },
      ...(mediaInside && media.length > 0 ? { parts: media } : {}),
    };
    parts.push({ functionResponse });
    if (!mediaInside) parts.push(...media);
  }
  return [{ role: "user", parts }];
}

/** The part for `media`, or why a Gemini function response cannot take it. */
function toMediaPart(media: MediaSource): GeminiMediaPart | string {
  const { data, mimeType } = media;
  if (mimeType === undefined) return "Gemini media parts need a MIME type";
  if (media.kind === "audio") return "audio is not among the documented function-response types";
  if (media.kind === "document" && !DOCUMENT_TYPES.includes(mimeType)) {
    return "Gemini function responses take PDF and plain-text documents only";
  }
  return data === undefined
    ? { fileData: { mimeType, fileUri: media.url as string } }
    : { inlineData: { mimeType, data } };
}

/** The model's `functionCall` parts, to replay a turn, with thought signatures. */
export function writeGeminiCalls(
  calls: readonly ToolCall[],
  tools: ProviderTools,
  useSentinel: boolean,
  onWarning: (warning: ProviderWarning) => void,
): GeminiFunctionCallPart[] {
  return calls.map((call) => {
    const gemini = call.providerData?.gemini;
    const signature =
      isJsonObject(gemini) && typeof gemini.thoughtSignature === "string"
        ? gemini.thoughtSignature
        : undefined;
    const functionCall = hasSyntheticId(call)
      ? { name: providerNameOf(call.name, tools), args: copyArguments(call.arguments) }
      : {
          id: call.id,
          name: providerNameOf(call.name, tools),
          args: copyArguments(call.arguments),
        };
    if (signature !== undefined) return { functionCall, thoughtSignature: signature };
    if (!useSentinel) return { functionCall };
    onWarning({
      tool: call.name,
      kind: "thought-signature",
      detail: `call ${call.id} has no thought signature; sent the documented sentinel`,
    });
    return { functionCall, thoughtSignature: sentinel };
  });
}
