import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli";

/** Runs the demo with `--approve console --json`, and lets a test act as the person at the console. */
function startDemo(extra: readonly string[] = []) {
  const captured = { stdout: "", stderr: "" };
  let announce: (() => void) | undefined;
  const announced = new Promise<void>((resolve) => {
    announce = resolve;
  });
  const exitCode = runCli(["--json", "--approve", "console", ...extra], {
    stdout: {
      write: (text) => {
        captured.stdout += text;
      },
      isTTY: false,
    },
    stderr: {
      write: (text) => {
        captured.stderr += text;
        if (/^Login: /m.test(captured.stderr)) announce?.();
      },
    },
    env: {},
  });
  return { captured, exitCode, announced };
}

/** Signs in with the printed link and decides the pending approval through the console's form. */
async function decideInConsole(stderr: string, decision: "approve" | "deny", message = "") {
  const consoleUrl = /^Console: (\S+)$/m.exec(stderr)![1]!;
  const loginUrl = /^Login: (\S+)$/m.exec(stderr)![1]!;
  const origin = new URL(consoleUrl).origin;
  const login = await fetch(loginUrl, { redirect: "manual" });
  expect(login.status).toBe(303);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  let inbox = "";
  // The demo suspends its approval batch a moment after the console starts.
  for (let attempt = 0; attempt < 200 && !inbox.includes("delete_file"); attempt++) {
    inbox = await (await fetch(`${consoleUrl}approvals`, { headers: { cookie } })).text();
    if (!inbox.includes("delete_file")) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(inbox)![1]!;
  const response = await fetch(`${consoleUrl}approvals/decide`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      _csrf: field("_csrf"),
      batchId: field("batchId"),
      approvalId: field("approvalId"),
      decision,
      message,
    }).toString(),
  });
  expect(response.status).toBe(303);
}

function toolResults(stdout: string) {
  return stdout
    .trimEnd()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as {
          type: string;
          message?: { toolName?: string; content?: { text?: string }[] };
        },
    )
    .filter((event) => event.type === "tool_result" && event.message?.toolName === "delete_file")
    .map((event) => event.message?.content?.[0]?.text);
}

describe("runCli --approve console", () => {
  it("should print the console's URL and sign-in link, wait for the click, and run the approved deletion", async () => {
    const demo = startDemo();
    await demo.announced;
    expect(demo.captured.stderr).toMatch(/^Console: http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect(demo.captured.stderr).toMatch(/^Login: http:\/\/127\.0\.0\.1:\d+\/login\?token=\S+$/m);
    await decideInConsole(demo.captured.stderr, "approve");
    expect(await demo.exitCode).toBe(0);
    expect(toolResults(demo.captured.stdout)).toEqual(["Deleted data/numbers.csv (21 bytes)"]);
    expect(demo.captured.stdout).toMatch(
      /"type":"tool_approval_resolved"[^\n]*"decision":"approve"/,
    );
  });

  it("should carry a denial's message from the console to the model", async () => {
    const demo = startDemo();
    await demo.announced;
    await decideInConsole(demo.captured.stderr, "deny", "keep the raw data");
    expect(await demo.exitCode).toBe(0);
    expect(toolResults(demo.captured.stdout)).toEqual([
      "Tool delete_file was not executed: the user denied the call. Reason: keep the raw data",
    ]);
  });

  it("should refuse --approve console with the scenes that have no such approval", async () => {
    const captured = { stderr: "" };
    const code = await runCli(["--approve", "console", "--crash"], {
      stdout: { write: () => {} },
      stderr: {
        write: (text) => {
          captured.stderr += text;
        },
      },
      env: {},
    });
    expect(code).toBe(2);
    expect(captured.stderr).toContain(
      "Option --approve console is for the scripted session's approval",
    );
  });
});
