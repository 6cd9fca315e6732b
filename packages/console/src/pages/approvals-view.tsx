import type { JournalApprovalPage, JournalPendingApproval } from "@toolwright/tool-exec";
import type { ConsolePaths } from "../console-paths";
import { formatJson } from "../format-value";
import { Layout } from "./layout";
import { LiveRegion, type LiveSettings } from "./live-region";

/** The longest deny message the form sends (a journal line must stay small). */
export const MAX_MESSAGE_LENGTH = 1000;

/** What the inbox says above the list after a decision, or when one was refused. */
export interface InboxNotice {
  readonly tone: "done" | "refused";
  readonly text: string;
}

function ApprovalItem(props: {
  readonly approval: JournalPendingApproval;
  readonly paths: ConsolePaths;
  readonly csrfToken: string;
  readonly now: number;
  readonly describeTool: (name: string) => string | undefined;
}) {
  const { approval, paths, csrfToken } = props;
  const key = `${approval.batchId}/${approval.callId}`;
  const expired = approval.expiresAt !== undefined && Date.parse(approval.expiresAt) <= props.now;
  const description = props.describeTool(approval.toolName);
  const fields = (decision: "approve" | "deny") => (
    <>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="batchId" value={approval.batchId} />
      <input type="hidden" name="approvalId" value={approval.approvalId} />
      <input type="hidden" name="decision" value={decision} />
    </>
  );
  return (
    <li class="approval" data-key={key}>
      <h2 class="approval-title">
        <code>{approval.toolName}</code> <span class="call-id">{approval.callId}</span>
      </h2>
      {description === undefined ? null : <p class="tool-description">{description}</p>}
      <p>
        {"Batch "}
        <a href={paths.batch(approval.batchId)}>{approval.batchId}</a>
        {", asked "}
        <time class="age" datetime={approval.requestedAt}>
          {approval.requestedAt}
        </time>
        {approval.expiresAt === undefined
          ? ""
          : expired
            ? `; expired ${approval.expiresAt}: a decision no longer runs it`
            : `; expires ${approval.expiresAt}`}
      </p>
      {approval.reason === undefined ? null : (
        <p class="reason">
          <strong>Why it asks:</strong> {approval.reason}
        </p>
      )}
      <pre class="json" title="Arguments">
        {formatJson(approval.args ?? approval.toolCall.arguments)}
      </pre>
      {approval.details === undefined ? null : (
        <pre class="json details" title="Details">
          {formatJson(approval.details)}
        </pre>
      )}
      <div class="decide">
        <form method="post" action={paths.decide}>
          {fields("approve")}
          <button type="submit" class="approve">
            Approve
          </button>
        </form>
        <form method="post" action={paths.decide}>
          {fields("deny")}
          <label>
            Message
            <input
              type="text"
              name="message"
              maxlength={MAX_MESSAGE_LENGTH}
              placeholder="optional: why (the model sees it)"
            />
          </label>
          <button type="submit" class="deny">
            Deny
          </button>
        </form>
      </div>
    </li>
  );
}

/** The inbox's list: what live updates replace, item by item. */
export function ApprovalItems(props: {
  readonly page: JournalApprovalPage;
  readonly paths: ConsolePaths;
  readonly csrfToken: string;
  readonly now: number;
  readonly describeTool: (name: string) => string | undefined;
}) {
  if (props.page.approvals.length === 0)
    return (
      <p class="empty" data-key="empty">
        Nothing is waiting for a decision.
      </p>
    );
  return (
    <ol class="approvals" data-key="list" data-merge="">
      {props.page.approvals.map((approval) => (
        <ApprovalItem
          approval={approval}
          paths={props.paths}
          csrfToken={props.csrfToken}
          now={props.now}
          describeTool={props.describeTool}
        />
      ))}
    </ol>
  );
}

/** The approvals inbox: every pending approval, oldest first, with Approve and Deny. */
export function ApprovalsPage(props: {
  readonly paths: ConsolePaths;
  readonly reviewer: string;
  readonly csrfToken: string;
  readonly live: LiveSettings;
  readonly html: string;
  readonly notice: InboxNotice | undefined;
  readonly newerUrl: string | undefined;
  readonly isFirstPage: boolean;
}) {
  const { paths, notice } = props;
  return (
    <Layout
      title="Approvals"
      paths={paths}
      reviewer={props.reviewer}
      csrfToken={props.csrfToken}
      current="approvals"
    >
      {notice === undefined ? null : (
        <p class={`notice notice-${notice.tone}`} role="status">
          {notice.text}
        </p>
      )}
      <LiveRegion live={props.live} html={props.html} label="Pending approvals, oldest first" />
      <nav class="pager" aria-label="More approvals">
        {props.isFirstPage ? null : <a href={paths.approvals}>Oldest requests</a>}
        {props.newerUrl === undefined ? null : <a href={props.newerUrl}>Newer requests</a>}
      </nav>
    </Layout>
  );
}
