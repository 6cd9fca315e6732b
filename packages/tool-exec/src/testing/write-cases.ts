// Contract cases: what appends, settlements and decisions store, and what reads return.
import { type ContractCaseBody, check, checkJsonEqual, openLockedBatch } from "./contract-checks";
import {
  batchRecord,
  completedRecord,
  decisionRecord,
  settledRecord,
  startedRecord,
  uniqueBatchId,
  withoutDecisions,
} from "./contract-records";

export const writeCases: ContractCaseBody[] = [
  [
    "should read back every appended record, in append order",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "order");
      const first = [batchRecord(batchId), startedRecord("c1")];
      const second = [
        { t: "revision", revision: 1, at: "2026-12-01T14:00:01.000Z" } as const,
        startedRecord("c2"),
      ];
      await journal.append(batchId, first);
      await journal.append(batchId, second);
      checkJsonEqual(await journal.read(batchId), [...first, ...second], "read after two appends");
      await lock.release();
    },
  ],
  [
    "should read [] for a batch it never saw",
    async (open) => {
      const journal = await open();
      checkJsonEqual(await journal.read(uniqueBatchId("unknown")), [], "read of an unknown batch");
    },
  ],
  [
    "should keep appends issued in one tick in the order they were issued",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "tick");
      const callIds = Array.from({ length: 60 }, (_, index) => `c${index}`);
      await journal.append(batchId, [batchRecord(batchId, callIds)]);
      await Promise.all(callIds.map((callId) => journal.append(batchId, [startedRecord(callId)])));
      const started = (await journal.read(batchId)).filter((record) => record.t === "started");
      checkJsonEqual(
        started.map((record) => record.callId),
        callIds,
        "started records",
      );
      await lock.release();
    },
  ],
  [
    "should let the first settlement of a call win",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "settle");
      await journal.append(batchId, [batchRecord(batchId)]);
      const first = settledRecord("c1", "first");
      check((await journal.settle(batchId, first)) === "recorded", "first settle is recorded");
      const again = await journal.settle(batchId, settledRecord("c1", "second"));
      check(again === "duplicate", `second settle of c1 is a duplicate, got ${again}`);
      check((await journal.settle(batchId, settledRecord("c2"))) === "recorded", "c2 settles");
      // An append carrying a settled record for a settled call skips it, and keeps the rest.
      await journal.append(batchId, [settledRecord("c1", "third"), completedRecord()]);
      checkJsonEqual(
        await journal.read(batchId),
        [batchRecord(batchId), first, settledRecord("c2"), completedRecord()],
        "records after duplicate settlements",
      );
      await lock.release();
    },
  ],
  [
    "should settle a call exactly once when settlements race",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "race");
      await journal.append(batchId, [batchRecord(batchId)]);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          journal.settle(batchId, settledRecord("c1", `try ${index}`)),
        ),
      );
      checkJsonEqual(
        results.filter((result) => result === "recorded").length,
        1,
        "recorded settlements",
      );
      const settled = (await journal.read(batchId)).filter((record) => record.t === "settled");
      checkJsonEqual(
        settled,
        [settledRecord("c1", `try ${results.indexOf("recorded")}`)],
        "stored settlement",
      );
      await lock.release();
    },
  ],
  [
    "should let the first decision of a call win, keeping decisions in their order",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "decide");
      await journal.append(batchId, [
        batchRecord(batchId, ["c1", "c2", "c3"]),
        startedRecord("c3"),
      ]);
      check(
        (await journal.decide(batchId, decisionRecord("c2", "deny"))) === "recorded",
        "c2 deny recorded",
      );
      const conflicting = await journal.decide(
        batchId,
        decisionRecord("c2", "approve", "reviewer-2"),
      );
      check(
        conflicting === "duplicate",
        `a conflicting decision is a duplicate, got ${conflicting}`,
      );
      check(
        (await journal.decide(batchId, decisionRecord("c1"))) === "recorded",
        "c1 approve recorded",
      );
      const records = await journal.read(batchId);
      checkJsonEqual(
        records.filter((record) => record.t === "decision"),
        [decisionRecord("c2", "deny"), decisionRecord("c1")],
        "decisions",
      );
      checkJsonEqual(
        withoutDecisions(records),
        [batchRecord(batchId, ["c1", "c2", "c3"]), startedRecord("c3")],
        "the other records",
      );
      await lock.release();
    },
  ],
  [
    "should list open batches and leave out completed ones",
    async (open) => {
      const journal = await open();
      const openId = uniqueBatchId("open");
      const doneId = uniqueBatchId("done");
      for (const batchId of [openId, doneId]) {
        const lock = await journal.lock(batchId, "contract");
        await journal.append(batchId, [batchRecord(batchId)]);
        await lock.release();
      }
      const before = await journal.listOpen();
      check(
        before.includes(openId) && before.includes(doneId),
        `both batches open: ${before.join(", ")}`,
      );
      const lock = await journal.lock(doneId, "contract");
      await journal.append(doneId, [settledRecord("c1"), settledRecord("c2"), completedRecord()]);
      await lock.release();
      const after = await journal.listOpen();
      check(
        after.includes(openId) && !after.includes(doneId),
        `only ${openId} open: ${after.join(", ")}`,
      );
    },
  ],
  [
    "should return copies: changing what was written or read changes nothing stored",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "copies");
      const written = [batchRecord(batchId), settledRecord("c1")];
      await journal.append(batchId, written);
      (written[0] as { mode: string }).mode = "sequential";
      const read = await journal.read(batchId);
      (read[1] as { callId: string }).callId = "changed";
      checkJsonEqual(
        await journal.read(batchId),
        [batchRecord(batchId), settledRecord("c1")],
        "stored records",
      );
      await lock.release();
    },
  ],
  [
    "should store any JSON text unchanged: unicode, separators, quotes, deep nesting",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "unicode");
      const text = 'emoji 🧪, "quotes", back\\slash, line\u2028separator, nul \u0000, newline\n, é';
      let nested: unknown = { leaf: text };
      for (let depth = 0; depth < 100; depth++) nested = { depth, nested };
      const record = {
        ...settledRecord("c1", text),
        outcome: { ...settledRecord("c1", text).outcome, errorType: text },
      };
      const approval = {
        t: "approval",
        callId: "c2",
        approvalId: "a2",
        at: "2026-12-01T14:00:00.000Z",
        details: nested,
      } as const;
      await journal.append(batchId, [batchRecord(batchId), approval as never]);
      await journal.settle(batchId, record);
      checkJsonEqual(
        await journal.read(batchId),
        [batchRecord(batchId), approval, record],
        "round trip",
      );
      await lock.release();
    },
  ],
  [
    "should store every content block type unchanged, annotations included",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "content");
      const content = [
        { type: "text", text: "t", annotations: { audience: ["user"], priority: 0.2 } },
        { type: "image", data: "iVBORw0=", mimeType: "image/png" },
        { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
        { type: "file", mimeType: "application/pdf", filename: "a.pdf", data: "JVBERi0=" },
        { type: "file", url: "https://example.com/b.pdf", mimeType: "application/pdf" },
        { type: "resource_link", uri: "file:///c.txt", name: "c", title: "C", size: 4 },
        {
          type: "resource",
          resource: { uri: "file:///d.txt", mimeType: "text/plain", text: "d" },
          annotations: { lastModified: "2026-12-01T14:00:00Z" },
        },
        { type: "resource", resource: { uri: "file:///e.bin", blob: "AAE=" } },
      ] as const;
      const base = settledRecord("c1");
      const record = { ...base, outcome: { ...base.outcome, result: { content } } };
      await journal.append(batchId, [batchRecord(batchId)]);
      await journal.settle(batchId, record as never);
      checkJsonEqual(await journal.read(batchId), [batchRecord(batchId), record], "round trip");
      await lock.release();
    },
  ],
];
