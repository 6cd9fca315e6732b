// The console end to end, in Debian's Chromium driven by Playwright: a real application process
// suspends a batch on a real journal (file or PostgreSQL), the console runs as its own CLI process,
// and a person's clicks in the page decide what the application runs.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFileJournal } from "@toolwright/tool-exec/node";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { suspendedBatch, writeBatch } from "./test-support/console-fixture";
import { launchChromium } from "./test-support/launch-chromium";
import { startedProcesses, startProcess } from "./test-support/start-process";

const chromiumPath = inject("chromiumPath");
const postgresUrl = inject("postgresUrl");
const cliPath = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const appPath = fileURLToPath(new URL("./__fixtures__/approval-app.mjs", import.meta.url));
/** Screenshots go into the package's docs with TOOLWRIGHT_UPDATE_SCREENSHOTS=1, else a temp folder. */
const screenshotDir =
  process.env.TOOLWRIGHT_UPDATE_SCREENSHOTS === "1"
    ? fileURLToPath(new URL("../docs/", import.meta.url))
    : join(tmpdir(), `toolwright-console-screenshots-${process.pid}`);
const REVIEWER = "Ada Reviewer";
const SETTLED_WITHIN_MS = 2000;

type JournalKind = "file" | "pg";

let browser: Browser;
let root: string;
const schemas: string[] = [];

/** The CLI's and the application's arguments for a fresh journal of `kind`. */
async function freshJournal(kind: JournalKind) {
  if (kind === "file") {
    const dir = await mkdtemp(join(root, "journal-"));
    return { consoleArgs: ["--journal", dir], app: ["file", dir], env: {}, dir };
  }
  const schema = `tw_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  schemas.push(schema);
  return {
    consoleArgs: ["--pg", postgresUrl, "--schema", schema],
    app: ["pg", postgresUrl],
    env: { TOOLWRIGHT_CONSOLE_SCHEMA: schema },
    dir: undefined,
  };
}

async function startConsole(journalArgs: readonly string[]) {
  const started = startProcess([cliPath, ...journalArgs, "--reviewer", REVIEWER]);
  const url = (await started.waitForLine("Console: ")).slice("Console: ".length);
  const loginUrl = (await started.waitForLine("Login: ")).slice("Login: ".length);
  return { url, loginUrl, lines: started.lines };
}

async function startApp(
  journal: Awaited<ReturnType<typeof freshJournal>>,
  batchId: string,
  hostile = false,
) {
  const app = startProcess(
    [appPath, ...journal.app, batchId, ...(hostile ? ["hostile"] : [])],
    journal.env,
  );
  await app.waitForLine(`suspended ${batchId}`);
  return app;
}

/** A signed-in page on the console, recording every dialog it opens. */
async function signIn(loginUrl: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  context.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(loginUrl);
  return { context, page, dialogs };
}

async function heading(page: Page): Promise<string> {
  return (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
}

/** The pending approval of `call_email` in the inbox. */
function emailApproval(page: Page) {
  return page
    .getByRole("listitem")
    .filter({ hasText: "send_email" })
    .filter({ hasText: "call_email" });
}

/** Waits until the timeline lists the e-mail call's `settled` record; returns how long it took. */
async function waitForSettledEmail(timeline: Page, since: number): Promise<number> {
  await timeline
    .locator("li.record-settled", { hasText: "call_email" })
    .waitFor({ timeout: SETTLED_WITHIN_MS });
  return Date.now() - since;
}

/** The record types of the timeline, and where the e-mail call's decision and settlement are. */
async function recordOrder(timeline: Page) {
  const entries = await timeline
    .locator("li.record")
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector(".record-type")?.textContent ?? "",
        item.textContent ?? "",
      ]),
    );
  const types = entries.map(([type]) => type);
  const position = (type: string) =>
    entries.findIndex(([entryType, text]) => entryType === type && text!.includes("call_email"));
  return { types, decision: position("decision"), settled: position("settled") };
}

async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, name);
  await page.screenshot({ path, fullPage });
  const bytes = await readFile(path);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
}

/** Writes a suspended, a failed and a running batch, as other applications would; returns their ids. */
async function writeOtherBatches(dir: string): Promise<string[]> {
  const journal = createFileJournal({ dir, retainCompleted: true });
  const now = Date.now();
  const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
  const [suspended, failed, running] = ["invoice-run", "nightly-sync", "report-builder"].map(
    (name) => `${name}-${crypto.randomUUID().slice(0, 8)}`,
  ) as [string, string, string];
  await writeBatch(
    journal,
    suspended,
    suspendedBatch(suspended, { toolName: "delete_file", at: at(95) }),
  );
  const [batch, started] = suspendedBatch(failed, { at: at(1800) });
  await writeBatch(journal, failed, [
    {
      ...batch!,
      calls: [{ type: "toolCall", id: "c1", name: "fetch_rates", arguments: {} }],
    } as never,
    started!,
    {
      t: "settled",
      callId: "c1",
      at: at(1790),
      recovery: "interrupted",
      outcome: {
        result: { content: [{ type: "text", text: "interrupted" }] },
        isError: true,
        errorType: "interrupted",
      },
    },
    { t: "completed", at: at(1790) },
  ]);
  const [runningBatch, runningStart] = suspendedBatch(running, { at: at(12) });
  await writeBatch(journal, running, [runningBatch!, runningStart!]);
  await journal.close();
  return [suspended, failed, running];
}

describe.skipIf(chromiumPath === "")("the console in Chromium", () => {
  beforeAll(async () => {
    if (!existsSync(cliPath)) throw new Error(`${cliPath} is missing: build the package first`);
    root = await mkdtemp(join(tmpdir(), "toolwright-console-e2e-"));
    browser = await launchChromium(chromiumPath);
  });

  afterEach(async () => {
    await Promise.all([...startedProcesses].map((started) => started.stop(true)));
  });

  afterAll(async () => {
    await browser?.close();
    await rm(root, { recursive: true, force: true });
    if (schemas.length > 0) {
      const pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
      for (const schema of schemas) await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    }
  });

  for (const kind of ["file", "pg"] as const) {
    const skip = kind === "pg" && postgresUrl === "";
    it.skipIf(skip)(
      `should approve in the inbox, and show decision then settled within 2 s as the application resumes (${kind} journal)`,
      async () => {
        const journal = await freshJournal(kind);
        const batchId = `approve-${kind}-${crypto.randomUUID()}`;
        const app = await startApp(journal, batchId);
        const consoleProcess = await startConsole(journal.consoleArgs);
        expect(consoleProcess.lines).toContain(
          "Listening on 127.0.0.1 only: other machines cannot connect (--host changes that).",
        );
        const { page, dialogs, context } = await signIn(consoleProcess.loginUrl);
        expect(page.url()).toBe(consoleProcess.url);
        expect(await heading(page)).toBe("Batches");
        await page.getByRole("link", { name: batchId }).waitFor();

        const timeline = await context.newPage();
        await timeline.goto(`${consoleProcess.url}batches/${batchId}`);
        expect(await heading(timeline)).toBe(`Batch ${batchId}`);

        await page.goto(`${consoleProcess.url}approvals`);
        expect(await heading(page)).toBe("Approvals");
        const item = emailApproval(page);
        await item.waitFor();
        expect(await item.textContent()).toContain("sends an e-mail outside the company");
        if (kind === "file") await screenshot(page, "inbox.png");

        const clicked = Date.now();
        await item.getByRole("button", { name: "Approve" }).click();
        const elapsed = await waitForSettledEmail(timeline, clicked);
        console.info(`console (${kind}): Approve → settled on the timeline in ${elapsed} ms`);
        // The application writes `completed` just after `settled`; a refresh can fall between.
        await timeline.locator("li.record-completed").waitFor({ timeout: 10_000 });
        const order = await recordOrder(timeline);
        expect(order.decision).toBeGreaterThan(-1);
        expect(order.settled).toBeGreaterThan(order.decision);
        expect(order.types).toContain("approval");
        expect(order.types.at(-1)).toBe("completed");
        const decision = timeline.locator("li.record-decision");
        expect(await decision.textContent()).toContain(`approved by ${REVIEWER}`);

        expect(await app.waitForLine("completed")).toBe(
          `completed ${batchId} ${JSON.stringify("sent to ada@example.com")}`,
        );
        await page.getByText(/send_email \(call_email\): approved by Ada Reviewer/).waitFor();
        // The image of the result is shown as a thumbnail, served inline by the console.
        const thumbnail = timeline.locator("li.record-settled img.thumbnail");
        const width = await thumbnail.evaluate(
          (image) => (image as unknown as { naturalWidth: number }).naturalWidth,
        );
        expect(width).toBe(1);
        if (kind === "file") {
          await screenshot(timeline, "timeline.png", true);
          // More batches, in other states, for the batches page's picture.
          const others = await writeOtherBatches(journal.dir!);
          await page.goto(consoleProcess.url);
          for (const other of [batchId, ...others])
            await page.getByRole("link", { name: other }).waitFor();
          await screenshot(page, "batches.png");
        }
        expect(dialogs).toEqual([]);
        await context.close();
      },
    );

    it.skipIf(skip)(
      `should deny with a message, which the application's result carries (${kind} journal)`,
      async () => {
        const journal = await freshJournal(kind);
        const batchId = `deny-${kind}-${crypto.randomUUID()}`;
        const app = await startApp(journal, batchId);
        const consoleProcess = await startConsole(journal.consoleArgs);
        const { page, context } = await signIn(consoleProcess.loginUrl);
        const timeline = await context.newPage();
        await timeline.goto(`${consoleProcess.url}batches/${batchId}`);
        await page.goto(`${consoleProcess.url}approvals`);
        const item = emailApproval(page);
        await item.getByLabel("Message").fill("not to customers today");
        const clicked = Date.now();
        await item.getByRole("button", { name: "Deny" }).click();
        await waitForSettledEmail(timeline, clicked);
        const order = await recordOrder(timeline);
        expect(order.settled).toBeGreaterThan(order.decision);
        const denial =
          "Tool send_email was not executed: the user denied the call. Reason: not to customers today";
        expect(
          await timeline.locator("li.record-settled", { hasText: "call_email" }).textContent(),
        ).toContain(denial);
        expect(await timeline.locator("li.record-decision").textContent()).toContain(
          `denied by ${REVIEWER}: not to customers today`,
        );
        expect(await app.waitForLine("completed")).toBe(
          `completed ${batchId} ${JSON.stringify(denial)}`,
        );
        await context.close();
      },
    );
  }

  it("should show hostile arguments and results as text: no dialog opens, no script runs", async () => {
    const journal = await freshJournal("file");
    const batchId = `hostile-${crypto.randomUUID()}`;
    const app = await startApp(journal, batchId, true);
    const consoleProcess = await startConsole(journal.consoleArgs);
    const { page, dialogs, context } = await signIn(consoleProcess.loginUrl);
    await page.goto(`${consoleProcess.url}approvals`);
    const item = emailApproval(page);
    expect(await item.textContent()).toContain('"body": "<img src=x onerror=alert(1)>"');
    const timeline = await context.newPage();
    await timeline.goto(`${consoleProcess.url}batches/${batchId}`);
    await item.getByRole("button", { name: "Approve" }).click();
    await waitForSettledEmail(timeline, Date.now());
    await app.waitForLine("completed");
    const settled = timeline.locator("li.record-settled", { hasText: "call_email" });
    expect(await settled.textContent()).toContain(
      "</script><script>window.__pwned = 1; alert(2)</script>",
    );
    // Every other kind of part: the PNG alone is an image; the SVG, the sound and the HTML file
    // are downloads (the browser saves them, renders nothing); the link's URI is text.
    const media = `/batches/${batchId}/media/call_email/`;
    expect(
      await settled
        .locator("img")
        .evaluateAll((images) =>
          images.map((image) => new URL((image as unknown as { src: string }).src).pathname),
        ),
    ).toEqual([`${media}1`]);
    expect(await settled.textContent()).toContain(
      "resource_link — <b onmouseover=alert(7)>link</b>: javascript:alert(6)",
    );
    expect(await timeline.locator('a[href^="javascript:"], main b').count()).toBe(0);
    for (const [index, type, name] of [
      [2, "application/octet-stream", "part-3.bin"],
      [3, "audio/wav", "part-4.wav"],
      [4, "application/octet-stream", "_script_alert_5___script_.html"],
    ] as const) {
      const link = settled.locator(`a[href="${media}${index}"]`);
      const [download] = await Promise.all([timeline.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename(), `part ${index + 1}`).toBe(name);
      const response = await context.request.get(`${consoleProcess.url}${media.slice(1)}${index}`);
      expect(response.headers()["content-type"], `part ${index + 1}`).toBe(type);
      expect(response.headers()["content-disposition"], `part ${index + 1}`).toMatch(
        /^attachment; /,
      );
    }
    for (const view of [page, timeline]) {
      expect(
        await view.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned),
      ).toBeUndefined();
      expect(await view.locator('img[src="x"]').count()).toBe(0);
      expect(await view.locator("main script").count()).toBe(0);
    }
    await page.reload();
    await timeline.reload();
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it("should refuse without a session, a wrong or used token, a cross-site POST and a POST without the CSRF token", async () => {
    const journal = await freshJournal("file");
    const batchId = `refuse-${crypto.randomUUID()}`;
    const writer = createFileJournal({ dir: journal.dir! });
    await writeBatch(writer, batchId, suspendedBatch(batchId));
    const consoleProcess = await startConsole(journal.consoleArgs);
    const anonymous = await browser.newContext();
    const stranger = await anonymous.newPage();
    const unsigned = await stranger.goto(consoleProcess.url);
    expect(unsigned?.status()).toBe(401);
    expect(await heading(stranger)).toBe("Sign in needed");
    const wrong = await stranger.goto(
      consoleProcess.loginUrl.replace(/token=.*/, "token=wrong-token-123456"),
    );
    expect(wrong?.status()).toBe(401);

    const { page, context } = await signIn(consoleProcess.loginUrl);
    expect(await heading(page)).toBe("Batches");
    const reused = await stranger.goto(consoleProcess.loginUrl);
    expect(reused?.status()).toBe(401);
    expect(await heading(stranger)).toBe("Sign-in link not valid");
    await anonymous.close();

    // A page on another port of the same host posts to the console from the signed-in browser.
    const decideUrl = `${consoleProcess.url}approvals/decide`;
    const fields = `batchId=${batchId}&approvalId=approval-${batchId}&decision=approve`;
    const attacker: Server = createServer((_request, response) => {
      response.setHeader("content-type", "text/html");
      response.end(`<!doctype html><form id="f" method="post" action="${decideUrl}">
        <input name="batchId" value="${batchId}"><input name="approvalId" value="approval-${batchId}">
        <input name="decision" value="approve"></form>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    const requests: string[] = [];
    const statuses: number[] = [];
    page.on("request", (request) => {
      if (request.url() === decideUrl) requests.push(request.method());
    });
    page.on("response", (response) => {
      if (response.url() === decideUrl) statuses.push(response.status());
    });
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    // The answer is blocked from the page (Cross-Origin-Resource-Policy), but the request is sent.
    await page.evaluate(
      async ([url, body]) => {
        await fetch(url!, {
          method: "POST",
          mode: "no-cors",
          credentials: "include",
          headers: { "content-type": "text/plain" },
          body,
        }).catch(() => undefined);
      },
      [decideUrl, fields],
    );
    const [formResponse] = await Promise.all([
      page.waitForResponse(decideUrl),
      page.evaluate(() => {
        const { document } = globalThis as unknown as {
          document: { getElementById(id: string): { submit(): void } };
        };
        document.getElementById("f").submit();
      }),
    ]);
    expect(formResponse.status()).toBe(403);
    // The form's navigation ends on the console's refusal page.
    await page.waitForURL(decideUrl);
    expect(await heading(page)).toBe("Refused");
    // Both requests reached the console; the fetch's answer is hidden from the page by CORP.
    expect(requests).toEqual(["POST", "POST"]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 403)).toBe(true);
    attacker.close();

    // The console's own page, signed in, but without the session's CSRF token.
    await page.goto(`${consoleProcess.url}approvals`);
    const withoutToken = await page.evaluate(
      async ([url, body]) =>
        (
          await fetch(url!, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body,
          })
        ).status,
      [decideUrl, fields],
    );
    expect(withoutToken).toBe(403);
    expect((await writer.read(batchId)).filter((record) => record.t === "decision")).toEqual([]);

    // The same decision through the page's own form is recorded.
    await emailApprovalOf(page).getByRole("button", { name: "Approve" }).click();
    await page.getByText("send_email (c2): approved by Ada Reviewer").waitFor();
    expect((await writer.read(batchId)).filter((record) => record.t === "decision")).toMatchObject([
      { decision: "approve", by: REVIEWER },
    ]);
    await writer.close();
    await context.close();
  });
});

function emailApprovalOf(page: Page) {
  return page.getByRole("listitem").filter({ hasText: "send_email" }).filter({ hasText: "c2" });
}
