import type {
  BatchRecord,
  JournalBatchSummary,
  JournalRecord,
  SettledRecord,
} from "@toolwright/tool-exec";
import type { ConsolePaths } from "../console-paths";
import { formatJson } from "../format-value";
import { describeCallState, describeWaitingFor } from "./describe-batch";
import { Layout } from "./layout";
import { LiveRegion, type LiveSettings } from "./live-region";
import { ResultContent } from "./result-content";

type ToolCall = BatchRecord["calls"][number];

/** Records in time order; records with the same time keep the journal's order (a stable sort). */
export function sortRecordsByTime(records: readonly JournalRecord[]): JournalRecord[] {
  return [...records].sort((left, right) => (left.at < right.at ? -1 : left.at > right.at ? 1 : 0));
}

function CallName(props: { readonly call: ToolCall | undefined; readonly callId: string }) {
  return (
    <span class="call">
      <code>{props.call?.name ?? "unknown tool"}</code> <span class="call-id">{props.callId}</span>
    </span>
  );
}

function SettledEntry(props: {
  readonly record: SettledRecord;
  readonly call: ToolCall | undefined;
  readonly batchId: string;
  readonly paths: ConsolePaths;
}) {
  const { record } = props;
  const { outcome } = record;
  return (
    <div>
      <p>
        <CallName call={props.call} callId={record.callId} />{" "}
        <span class={outcome.isError ? "outcome-error" : "outcome-ok"}>
          {outcome.isError
            ? `error${outcome.errorType === undefined ? "" : ` (${outcome.errorType})`}`
            : "success"}
        </span>
        {outcome.durationMs === undefined ? null : <span>{` after ${outcome.durationMs} ms`}</span>}
        {record.attempt === undefined ? null : <span>{`, attempt ${record.attempt}`}</span>}
      </p>
      {record.recovery === undefined ? null : (
        <p class="recovery">
          {record.recovery === "interrupted"
            ? "Interrupted: its process died while it ran; it may or may not have taken effect, and it was not run again."
            : record.recovery === "attempts_exhausted"
              ? "Interrupted too many times: recovery stopped running it again."
              : "Recovered: the result came from the remote worker that ran it."}
        </p>
      )}
      <ResultContent
        content={outcome.result.content}
        paths={props.paths}
        batchId={props.batchId}
        callId={record.callId}
      />
      {record.truncatedRecord === true ? (
        <p class="note">The journal stored this result cut to its record size limit.</p>
      ) : null}
      {outcome.dropped === undefined ? null : (
        <p class="note">{`Not stored (not JSON): ${outcome.dropped.join(", ")}`}</p>
      )}
    </div>
  );
}

function RecordEntry(props: {
  readonly record: JournalRecord;
  readonly calls: ReadonlyMap<string, ToolCall>;
  readonly batchId: string;
  readonly paths: ConsolePaths;
}) {
  const { record, calls } = props;
  switch (record.t) {
    case "batch":
      return (
        <p>{`${record.calls.length} call${record.calls.length === 1 ? "" : "s"}, ${record.mode}: ${record.calls.map((call) => call.name).join(", ")}`}</p>
      );
    case "started":
      return (
        <p class={record.attempt > 1 ? "rerun" : undefined}>
          <CallName call={calls.get(record.callId)} callId={record.callId} />
          {` attempt ${record.attempt}, replay ${record.replay}`}
          {record.attempt > 1 ? " — run again after its process died" : ""}
          {record.dispatchKey === undefined ? "" : `, on a remote worker (${record.dispatchKey})`}
        </p>
      );
    case "approval":
      return (
        <div>
          <p>
            <CallName call={calls.get(record.callId)} callId={record.callId} />
            {record.reason === undefined
              ? " needs a decision"
              : ` needs a decision: ${record.reason}`}
            {record.expiresAt === undefined ? "" : ` (expires ${record.expiresAt})`}
          </p>
          {record.args === undefined ? null : <pre class="json">{formatJson(record.args)}</pre>}
          {record.details === undefined ? null : (
            <pre class="json details">{formatJson(record.details)}</pre>
          )}
        </div>
      );
    case "decision":
      return (
        <p>
          <CallName call={calls.get(record.callId)} callId={record.callId} />{" "}
          <strong>{record.decision === "approve" ? "approved" : "denied"}</strong>
          {` by ${record.by ?? "an unnamed reviewer"}`}
          {record.message === undefined ? "" : `: ${record.message}`}
        </p>
      );
    case "revision":
      return <p>{`Resumed: the batch's state is now at revision ${record.revision}`}</p>;
    case "settled":
      return (
        <SettledEntry
          record={record}
          call={calls.get(record.callId)}
          batchId={props.batchId}
          paths={props.paths}
        />
      );
    default:
      return <p>Every call has its result.</p>;
  }
}

/** The live part of a timeline: the calls' states and the records, oldest first. */
export function TimelineFragment(props: {
  readonly records: readonly JournalRecord[];
  readonly summary: JournalBatchSummary;
  readonly batchId: string;
  readonly paths: ConsolePaths;
  readonly describeTool: (name: string) => string | undefined;
}) {
  const { summary, paths, batchId } = props;
  const batch = props.records.find((record): record is BatchRecord => record.t === "batch");
  const calls = new Map((batch?.calls ?? []).map((call) => [call.id, call]));
  const waiting = describeWaitingFor(summary);
  return (
    <>
      <p class="batch-state" data-key="state">
        <span class={`badge badge-${summary.state}`}>{summary.state}</span>
        {waiting === "" ? null : <span>{` waiting for ${waiting}`}</span>}
        {summary.state === "suspended" ? (
          <span>
            {" — "}
            <a href={paths.approvals}>decide in the inbox</a>
          </span>
        ) : null}
      </p>
      <table class="calls" data-key="calls">
        <caption>Calls, in the order the model wrote them</caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Tool</th>
            <th scope="col">State</th>
            <th scope="col">Arguments</th>
          </tr>
        </thead>
        <tbody>
          {summary.calls.map((call) => {
            const description = props.describeTool(call.toolName);
            const marked = call.recovery !== undefined || call.attempts > 1;
            return (
              <tr class={marked ? "recovered" : undefined}>
                <td>{call.callId}</td>
                <td>
                  <code>{call.toolName}</code>
                  {description === undefined ? null : (
                    <div class="tool-description">{description}</div>
                  )}
                </td>
                <td>
                  {describeCallState(call.state)}
                  {call.recovery === undefined ? "" : ` (${call.recovery.replaceAll("_", " ")})`}
                  {call.attempts > 1 ? ` after ${call.attempts} attempts` : ""}
                  {call.decision === undefined
                    ? ""
                    : `, ${call.decision === "approve" ? "approved" : "denied"}`}
                </td>
                <td>
                  <pre class="json">{formatJson(calls.get(call.callId)?.arguments ?? {})}</pre>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2 data-key="records-heading">Records</h2>
      <ol class="timeline" data-key="records">
        {sortRecordsByTime(props.records).map((record) => (
          <li class={`record record-${record.t}`}>
            <span class="record-type">{record.t}</span>{" "}
            <time class="age" datetime={record.at}>
              {record.at}
            </time>
            <RecordEntry record={record} calls={calls} batchId={batchId} paths={paths} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** A batch's page: its state, its calls and its records (live). */
export function TimelinePage(props: {
  readonly batchId: string;
  readonly paths: ConsolePaths;
  readonly reviewer: string;
  readonly csrfToken: string;
  readonly live: LiveSettings;
  readonly html: string;
  readonly stateUrl: string | undefined;
}) {
  return (
    <Layout
      title={`Batch ${props.batchId}`}
      paths={props.paths}
      reviewer={props.reviewer}
      csrfToken={props.csrfToken}
      current="batches"
    >
      <LiveRegion live={props.live} html={props.html} label="The batch's calls and records" />
      {props.stateUrl === undefined ? null : (
        <p>
          <a href={props.stateUrl} download>
            Download its suspended state (SuspendedBatch JSON)
          </a>
        </p>
      )}
    </Layout>
  );
}
