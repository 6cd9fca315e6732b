import { ToolBatchError } from "../model/tool-batch-error";

/**
 * A failed file operation of the file journal as an `Error` that names the file and the batch
 * (`The file journal could not append to /var/journal/b1.jsonl (batch b1): ENOSPC: no space left
 * on device, write`), keeping the system error as `cause` and its `code` (`ENOSPC`, `EACCES`…) so
 * a program can still branch on it. A `ToolBatchError` passes unchanged.
 */
export function fileJournalError(
  action: string,
  path: string,
  batchId: string,
  cause: unknown,
): unknown {
  if (ToolBatchError.isInstance(cause)) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const error = new Error(
    `The file journal could not ${action} ${path} (batch ${batchId}): ${reason}`,
    {
      cause,
    },
  );
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === "string")
    Object.defineProperty(error, "code", { value: code, enumerable: true });
  return error;
}
