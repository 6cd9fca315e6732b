// One record as one JSONL line, within the file journal's size limit. Only a settled record may
// shrink: its text parts are cut in proportion (the cut marked in the text), then its details,
// structuredContent and images dropped, and the record says `truncatedRecord: true`. Any other record over
// the limit is refused: cutting a call's arguments or a batch's calls would invent history.
import type { ToolContent } from "@toolwright/tool-core";
import type { JournalRecord, SettledRecord } from "../journal/journal-record";
import { ToolBatchError } from "../model/tool-batch-error";

const CUT_MARK = "\n[cut: the journal record size limit]";

/** `record` as JSON plus "\n", at most `maxBytes` bytes. */
export function serializeRecordLine(
  record: JournalRecord,
  maxBytes: number,
  batchId: string,
): string {
  const line = `${JSON.stringify(record)}\n`;
  const bytes = Buffer.byteLength(line);
  if (bytes <= maxBytes) return line;
  if (record.t === "settled") {
    const cut = cutSettledRecord(record, bytes - maxBytes);
    const cutLine = `${JSON.stringify(cut)}\n`;
    if (Buffer.byteLength(cutLine) <= maxBytes) return cutLine;
    const dropped = dropSettledDetails(cut);
    const droppedLine = `${JSON.stringify(dropped)}\n`;
    if (Buffer.byteLength(droppedLine) <= maxBytes) return droppedLine;
  }
  throw new ToolBatchError(
    "INVALID_ARGUMENT",
    `A ${record.t} record of batch ${batchId} is ${bytes} bytes, over the journal's maxRecordBytes (${maxBytes})`,
  );
}

function cutSettledRecord(record: SettledRecord, excessBytes: number): SettledRecord {
  const content = record.outcome.result.content;
  const textBytes = content.reduce(
    (total, part) => total + (part.type === "text" ? Buffer.byteLength(part.text) : 0),
    0,
  );
  // Keep this share of every text; JSON escaping can make a text's line cost exceed its bytes,
  // so the share is taken of what the texts cost beyond the excess, with room for the marks.
  const keep = Math.max(
    0,
    1 - (excessBytes + CUT_MARK.length * content.length * 2) / Math.max(1, textBytes),
  );
  const cutContent = content.map(
    (part): ToolContent =>
      part.type === "text" && part.text.length > 0
        ? {
            ...part,
            text: `${part.text.slice(0, Math.floor(part.text.length * keep * 0.9))}${CUT_MARK}`,
          }
        : part,
  );
  return {
    ...record,
    outcome: { ...record.outcome, result: { ...record.outcome.result, content: cutContent } },
    truncatedRecord: true,
  };
}

function dropSettledDetails(record: SettledRecord): SettledRecord {
  const { result } = record.outcome;
  const dropped = new Set(record.outcome.dropped ?? []);
  const next = { ...result } as Record<string, unknown>;
  for (const field of ["details", "structuredContent"] as const) {
    if (result[field] !== undefined && result[field] !== null) {
      next[field] = null;
      dropped.add(field);
    }
  }
  // Media can be large too: each block that carries bytes is replaced by a text saying so.
  next.content = result.content.map((part): ToolContent => {
    if (part.type === "text" || part.type === "resource_link") return part;
    if (part.type === "file" && part.data === undefined) return part;
    const mimeType = part.type === "resource" ? part.resource.mimeType : part.mimeType;
    const kind = mimeType === undefined ? part.type : `${mimeType} ${part.type}`;
    return { type: "text", text: `[${kind} removed: the journal record size limit]` };
  });
  return {
    ...record,
    outcome: {
      ...record.outcome,
      result: next as unknown as SettledRecord["outcome"]["result"],
      dropped: [...dropped],
    },
    truncatedRecord: true,
  };
}
