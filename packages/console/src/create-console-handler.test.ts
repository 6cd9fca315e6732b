import { createMemoryJournal } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import { ConsoleError } from "./console-error";
import { createConsoleHandler } from "./create-console-handler";
import { FINGERPRINT_HEADER, LIVE_HEADER } from "./live-fragment";
import {
  createFixture,
  ORIGIN,
  suspendedBatch,
  TOKEN,
  writeBatch,
} from "./test-support/console-fixture";

const decisionsOf = async (fixture: ReturnType<typeof createFixture>, batchId: string) =>
  (await fixture.journal.read(batchId)).filter((record) => record.t === "decision");

function checkSecurityHeaders(response: Response, what: string) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), what).toBe("same-origin");
}

describe("createConsoleHandler", () => {
  it.each([
    ["missing", undefined],
    ["null", null],
    ["{}", {}],
    ['""', ""],
    ["a short token", { token: "short", reviewer: "alice" }],
    ["a token without a reviewer", { token: TOKEN }],
    ["a token with an empty reviewer", { token: TOKEN, reviewer: "  " }],
    ["verify that is not a function", { verify: "yes" }],
  ])("should refuse to be created with auth %s", (_what, auth) => {
    let thrown: unknown;
    try {
      createConsoleHandler({ journal: createMemoryJournal(), auth: auth as never });
    } catch (error) {
      thrown = error;
    }
    expect(ConsoleError.isInstance(thrown) && thrown.code).toBe("INVALID_OPTIONS");
    expect((thrown as Error).message).toMatch(/createConsoleHandler: auth/);
  });

  it("should refuse a journal without the listing methods, a bad basePath and a bad pageSize", () => {
    const auth = { token: TOKEN, reviewer: "alice" };
    const { listBatches: _, ...withoutListing } = createMemoryJournal();
    for (const options of [
      { journal: withoutListing, auth },
      { journal: createMemoryJournal(), auth, basePath: "console/" },
      { journal: createMemoryJournal(), auth, pageSize: 0 },
      { journal: createMemoryJournal(), auth, origin: "https://example.com/path" },
    ])
      expect(() => createConsoleHandler(options as never)).toThrow(/createConsoleHandler: /);
  });

  it("should answer 401 pages without a session, and sign in once with the login token", async () => {
    const fixture = createFixture();
    for (const path of ["/", "/approvals", "/batches/b1"]) {
      const response = await fixture.request(path);
      expect(response.status, path).toBe(401);
      expect(await response.text(), path).toContain("<h1>Sign in needed</h1>");
    }
    const wrong = await fixture.request("/login?token=wrong-token-of-some-length");
    expect(wrong.status).toBe(401);
    const cookie = await fixture.signIn();
    const again = await fixture.request(`/login?token=${TOKEN}`);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain("already used");
    const page = await fixture.request("/", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Batches</h1>");
  });

  it("should set an HttpOnly, SameSite=Strict session cookie, Secure over HTTPS", async () => {
    const plain = await createFixture().request(`/login?token=${TOKEN}`);
    expect(plain.headers.get("location")).toBe("/");
    const cookie = plain.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    const secure = createFixture({ origin: "https://ops.example.com" });
    const overHttps = await secure.request(`/login?token=${TOKEN}`);
    expect(overHttps.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("should put the CSP, nosniff and Referrer-Policy on every response", async () => {
    const fixture = createFixture();
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const unauthenticated = [
      await fixture.request("/"),
      await fixture.request("/assets/console.js"),
      await fixture.request("/assets/console.css"),
      await fixture.request("/assets/nothing.js"),
      await fixture.request(`/login?token=${TOKEN}`),
      await fixture.request("/login?token=used-up-by-now-already"),
      await fixture.request("/approvals/decide", {
        method: "POST",
        headers: { origin: "http://evil.test" },
      }),
    ];
    const cookie = await createFixture({ journal: fixture.journal })
      .signIn()
      .catch(() => "");
    const signedIn = [
      await fixture.request("/nowhere", { headers: { cookie } }),
      await fixture.request("/batches/b1/media/c1/0", { headers: { cookie } }),
    ];
    for (const [index, response] of [...unauthenticated, ...signedIn].entries())
      checkSecurityHeaders(response, `response ${index} (${response.status})`);
    expect(unauthenticated[1]?.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it.each([
    ["another port of the same host", { origin: "http://127.0.0.1:4001" }],
    ["Origin: null", { origin: "null" }],
    ["no Origin", {}],
    ["a cross-site fetch the browser flags", { origin: ORIGIN, "sec-fetch-site": "cross-site" }],
  ])("should answer 403 to a POST from %s, before reading its body", async (_what, headers) => {
    const fixture = createFixture();
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const cookie = await fixture.signIn();
    const csrf = await fixture.csrfTokenOf(cookie);
    let bodyRead = false;
    for (const contentType of [
      "text/plain",
      "application/json",
      "application/x-www-form-urlencoded",
    ]) {
      // highWaterMark 0: pulled only when someone reads the body.
      const body = new ReadableStream(
        {
          pull(controller) {
            bodyRead = true;
            controller.enqueue(
              new TextEncoder().encode(
                `_csrf=${csrf}&batchId=b1&approvalId=approval-b1&decision=approve`,
              ),
            );
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const response = await fixture.request("/approvals/decide", {
        method: "POST",
        headers: { cookie, "content-type": contentType, ...headers },
        body,
        duplex: "half",
      } as RequestInit);
      expect(response.status, contentType).toBe(403);
    }
    expect(bodyRead).toBe(false);
    expect(await decisionsOf(fixture, "b1")).toEqual([]);
  });

  it("should answer 403 to the decision POST without the session's CSRF token, 401 without a session", async () => {
    const fixture = createFixture();
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const cookie = await fixture.signIn();
    const fields = { batchId: "b1", approvalId: "approval-b1", decision: "approve" };
    expect((await fixture.post("/approvals/decide", cookie, fields)).status).toBe(403);
    const wrong = { ...fields, _csrf: "not-the-token" };
    expect((await fixture.post("/approvals/decide", cookie, wrong)).status).toBe(403);
    const csrf = await fixture.csrfTokenOf(cookie);
    expect((await fixture.post("/approvals/decide", "", { ...fields, _csrf: csrf })).status).toBe(
      401,
    );
    expect(await decisionsOf(fixture, "b1")).toEqual([]);
  });

  it("should record an approval with the reviewer's name and say what was recorded", async () => {
    const fixture = createFixture();
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const cookie = await fixture.signIn();
    const _csrf = await fixture.csrfTokenOf(cookie);
    const response = await fixture.post("/approvals/decide", cookie, {
      _csrf,
      batchId: "b1",
      approvalId: "approval-b1",
      decision: "approve",
    });
    expect(response.status).toBe(303);
    expect(await decisionsOf(fixture, "b1")).toMatchObject([
      { callId: "c2", approvalId: "approval-b1", decision: "approve", by: "alice" },
    ]);
    const inbox = await fixture.request(response.headers.get("location")!, { headers: { cookie } });
    const html = await inbox.text();
    expect(html).toMatch(/send_email \(c2\): approved by alice at /);
    expect(html).toContain("Nothing is waiting for a decision.");
  });

  it("should answer a conflicting decision with the first decider's name and verdict, not a 5xx", async () => {
    const journal = createMemoryJournal();
    await writeBatch(journal, "b1", suspendedBatch("b1"));
    const reviewers = ["alice", "bob"].map((reviewer) =>
      createFixture({ journal, auth: { verify: () => ({ reviewer }) } }),
    );
    const sessions = await Promise.all(
      reviewers.map(async (fixture) => {
        const page = await fixture.request("/approvals");
        const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
        return { cookie, csrf: /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]! };
      }),
    );
    const decide = (index: number, decision: string, message = "") =>
      reviewers[index]!.post("/approvals/decide", sessions[index]!.cookie, {
        _csrf: sessions[index]!.csrf,
        batchId: "b1",
        approvalId: "approval-b1",
        decision,
        message,
      });
    expect((await decide(1, "deny", "not today")).status).toBe(303);
    const late = await decide(0, "approve");
    expect(late.status).toBe(409);
    const html = await late.text();
    expect(html).toMatch(
      /someone decided first\. send_email \(c2\): denied by bob at [^<]*: not today/,
    );
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(await decisionsOf({ journal } as never, "b1")).toMatchObject([
      { decision: "deny", by: "bob", message: "not today" },
    ]);
  });

  it("should ask verify on every request, without the body, and fail closed when it throws", async () => {
    const seen: Request[] = [];
    let answer: () => { reviewer: string } | null = () => ({ reviewer: "carol" });
    const fixture = createFixture({
      auth: {
        verify: (request) => {
          seen.push(request);
          return answer();
        },
      },
    });
    const page = await fixture.request("/", { headers: { authorization: "Bearer x" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Signed in as <strong>carol</strong>");
    expect(seen[0]?.headers.get("authorization")).toBe("Bearer x");
    expect(seen[0]?.body).toBeNull();
    for (const refusal of [
      () => null,
      () => ({ reviewer: "" }),
      () => {
        throw new Error("sign-in service down");
      },
    ]) {
      answer = refusal;
      const response = await fixture.request("/");
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("sign-in service down");
    }
  });

  it("should render tool names, arguments, reasons and results as text", async () => {
    const fixture = createFixture();
    const hostile = "<img src=x onerror=alert(1)>";
    const records = suspendedBatch("b1", {
      toolName: hostile,
      args: { body: "</script><script>alert(2)</script>" },
    });
    await writeBatch(fixture.journal, "b1", [
      ...records.slice(0, 2),
      {
        t: "settled",
        callId: "c1",
        at: "2026-12-01T14:00:00.000Z",
        outcome: {
          result: {
            content: [{ type: "text", text: `</pre></script><script>alert(3)</script>${hostile}` }],
          },
          isError: false,
        },
      },
      { ...records[3]!, reason: `<b onmouseover=alert(4)>why</b>` } as never,
    ]);
    const cookie = await fixture.signIn();
    for (const path of ["/", "/approvals", "/batches/b1"]) {
      const html = await (await fixture.request(path, { headers: { cookie } })).text();
      expect(html, path).not.toMatch(/<img src=x|<script>alert|<b onmouseover/);
      expect(html, path).toMatch(/&lt;img src=x onerror=alert\(1\)&gt;/);
    }
  });

  it("should serve raster images inline with their type, and anything else as a download", async () => {
    const fixture = createFixture();
    const image = (mimeType: string) => ({ type: "image", mimeType, data: btoa("bytes") });
    await writeBatch(fixture.journal, "b1", [
      ...suspendedBatch("b1").slice(0, 2),
      {
        t: "settled",
        callId: "c1",
        at: "2026-12-01T14:00:00.000Z",
        outcome: {
          result: {
            content: [
              image("image/png"),
              image("image/svg+xml"),
              image("text/html"),
              image("IMAGE/WEBP; q=1"),
              { type: "audio", mimeType: "audio/wav", data: btoa("sound") },
              {
                type: "file",
                mimeType: "application/pdf",
                filename: '../"evil"\r\nSet-Cookie: x.pdf',
                data: btoa("%PDF"),
              },
              { type: "file", url: "javascript:alert(1)", filename: "linked.pdf" },
              { type: "resource_link", uri: "file:///etc/passwd", name: "passwd" },
              { type: "resource", resource: { uri: "mem://notes", text: "<b>notes</b>" } },
              { type: "audio", mimeType: "audio/mpeg; rate=44100", data: btoa("sound") },
              { type: "audio", mimeType: "text/html", data: btoa("<script>") },
            ],
          } as never,
          isError: false,
        },
      },
    ]);
    const cookie = await fixture.signIn();
    const media = (index: number) =>
      fixture.request(`/batches/b1/media/c1/${index}`, { headers: { cookie } });
    const png = await media(0);
    expect([
      png.status,
      png.headers.get("content-type"),
      png.headers.get("content-disposition"),
    ]).toEqual([200, "image/png", "inline"]);
    expect(await png.text()).toBe("bytes");
    for (const index of [1, 2, 10]) {
      const download = await media(index);
      expect(download.headers.get("content-type"), `part ${index}`).toBe(
        "application/octet-stream",
      );
      expect(download.headers.get("content-disposition"), `part ${index}`).toMatch(/^attachment/);
    }
    expect((await media(3)).headers.get("content-type")).toBe("image/webp");
    const pdf = await media(5);
    expect(pdf.headers.get("content-disposition")).toBe(
      'attachment; filename="__evil___Set-Cookie__x.pdf"',
    );
    expect(pdf.headers.get("set-cookie")).toBeNull();
    for (const [index, type] of [
      [4, "audio/wav"],
      [9, "audio/mpeg"],
    ] as const) {
      const sound = await media(index);
      expect(sound.headers.get("content-type"), `part ${index}`).toBe(type);
      expect(sound.headers.get("content-disposition"), `part ${index}`).toBe(
        `attachment; filename="part-${index + 1}.${type === "audio/wav" ? "wav" : "mp3"}"`,
      );
    }
    for (const index of [6, 7, 8, 11])
      expect((await media(index)).status, `part ${index}`).toBe(404);
    expect((await fixture.request("/batches/b1/media/c1/0")).status).toBe(401);
    const timeline = await (await fixture.request("/batches/b1", { headers: { cookie } })).text();
    expect(timeline).toContain('<img class="thumbnail" src="/batches/b1/media/c1/0"');
    expect(timeline).not.toContain('src="/batches/b1/media/c1/1"');
    expect(timeline).toContain("Part 2: image, image/svg+xml, 5 B");
    expect(timeline).toContain("Part 5: audio, audio/wav, 5 B");
    expect(timeline).toContain("Part 7: file — linked.pdf at javascript:alert(1)");
    expect(timeline).not.toContain('href="javascript:');
    expect(timeline).toContain("Part 8: resource_link — passwd: file:///etc/passwd");
    expect(timeline).toContain("&lt;b&gt;notes&lt;/b&gt;");
    expect(timeline).toContain("Part 11: audio, text/html, 8 B");
  });

  it("should answer a live poll from the fingerprint the page was rendered with", async () => {
    const fixture = createFixture();
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const cookie = await fixture.signIn();
    for (const path of ["/", "/approvals", "/batches/b1"]) {
      const page = await (await fixture.request(path, { headers: { cookie } })).text();
      const fingerprint = /data-fingerprint="([0-9a-f]+)"/.exec(page)![1]!;
      const poll = () => fixture.request(path, { headers: { cookie, [LIVE_HEADER]: fingerprint } });
      expect((await poll()).status, path).toBe(204);
      // A write between rendering and the first poll is seen by that poll.
      const batchId = `b${Math.random().toString(36).slice(2)}`;
      await writeBatch(
        fixture.journal,
        batchId,
        suspendedBatch(batchId, { at: "2026-12-01T15:00:00.000Z" }),
      );
      if (path === "/batches/b1")
        await fixture.journal.decide("b1", {
          t: "decision",
          callId: "c2",
          approvalId: "approval-b1",
          decision: "approve",
          by: "dave",
          at: "2026-12-01T14:01:00.000Z",
        });
      const changed = await poll();
      expect(changed.status, path).toBe(200);
      expect(changed.headers.get(FINGERPRINT_HEADER), path).toMatch(/^[0-9a-f]{32}$/);
      expect(changed.headers.get(FINGERPRINT_HEADER), path).not.toBe(fingerprint);
      const fragment = await changed.text();
      expect(fragment, path).not.toContain("<html");
      expect(fragment, path).toMatch(
        path === "/batches/b1" ? /approved<\/strong> by dave/ : new RegExp(batchId),
      );
    }
  });

  it("should page batches newest first, filter them, and say when a filter cannot be used", async () => {
    const fixture = createFixture({ pageSize: 2 });
    for (const [index, batchId] of ["b0", "b1", "b2"].entries())
      await writeBatch(
        fixture.journal,
        batchId,
        suspendedBatch(batchId, {
          at: `2026-12-01T14:00:0${index}.000Z`,
          toolName: index === 0 ? "other" : "send_email",
        }),
      );
    const cookie = await fixture.signIn();
    const ids = (html: string) =>
      [...html.matchAll(/<tr data-key="([^"]+)"/g)].map((match) => match[1]);
    const first = await (await fixture.request("/", { headers: { cookie } })).text();
    expect(ids(first)).toEqual(["b2", "b1"]);
    const older = /href="(\/\?cursor=[^"]+)">Older batches/
      .exec(first)![1]!
      .replaceAll("&amp;", "&");
    expect(ids(await (await fixture.request(older, { headers: { cookie } })).text())).toEqual([
      "b0",
    ]);
    const filtered = await fixture.request("/?tool=other&state=suspended&since=2026-12-01T14:00Z", {
      headers: { cookie },
    });
    expect(ids(await filtered.text())).toEqual(["b0"]);
    const bad = await fixture.request("/?since=last+week", { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(
      "These filters cannot be used: since must be an ISO-8601 time",
    );
  });

  it("should say on an empty timeline that the journal shows only what it keeps", async () => {
    const fixture = createFixture();
    const cookie = await fixture.signIn();
    const response = await fixture.request("/batches/gone", { headers: { cookie } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("the file journal deletes a completed batch");
  });

  it("should serve every page under its basePath", async () => {
    const fixture = createFixture({ basePath: "/ops/console" });
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const login = await fixture.request(`/login?token=${TOKEN}`);
    expect(login.headers.get("location")).toBe("/ops/console/");
    expect(login.headers.get("set-cookie")).toMatch(/Path=\/ops\/console/);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const html = await (await fixture.request("/approvals", { headers: { cookie } })).text();
    expect(html).toContain('action="/ops/console/approvals/decide"');
    expect(html).toContain('src="/ops/console/assets/console.js"');
    expect((await fixture.request("/batches/b1", { headers: { cookie } })).status).toBe(200);
    expect(
      (await createFixture().handler(new Request(`${ORIGIN}/approvals`, { headers: { cookie } })))
        .status,
    ).toBe(401);
  });

  it("should show a tool's label and description from the tools option", async () => {
    const fixture = createFixture({
      tools: [
        {
          name: "send_email",
          label: "Send e-mail",
          description: "Sends one e-mail.",
        } as never,
      ],
    });
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const cookie = await fixture.signIn();
    const inbox = await (await fixture.request("/approvals", { headers: { cookie } })).text();
    expect(inbox).toContain('<p class="tool-description">Send e-mail: Sends one e-mail.</p>');
  });

  it("should offer a suspended batch's signed state with stateSecret, and not without it", async () => {
    const fixture = createFixture({ stateSecret: "state-secret" });
    await writeBatch(fixture.journal, "b1", suspendedBatch("b1"));
    const cookie = await fixture.signIn();
    const timeline = await (await fixture.request("/batches/b1", { headers: { cookie } })).text();
    expect(timeline).toContain('href="/batches/b1/state.json"');
    const state = await fixture.request("/batches/b1/state.json", { headers: { cookie } });
    expect(state.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(await state.json()).toMatchObject({
      type: "toolwright.suspended-batch",
      batchId: "b1",
      calls: [{ status: "settled" }, { status: "awaiting_approval" }],
      signature: expect.any(String),
    });
    const plain = createFixture({ journal: fixture.journal });
    const plainCookie = await plain.signIn();
    const without = await (
      await plain.request("/batches/b1", { headers: { cookie: plainCookie } })
    ).text();
    expect(without).not.toContain("state.json");
    expect(
      (await plain.request("/batches/b1/state.json", { headers: { cookie: plainCookie } })).status,
    ).toBe(404);
  });
});
