import { describe, expect, it } from "vitest";
import { createJournalContractCases } from "../testing/journal-contract-cases";
import { createMemoryJournal } from "./create-memory-journal";

describe("createMemoryJournal", () => {
  describe("the journal contract", () => {
    for (const contractCase of createJournalContractCases({
      open: () => createMemoryJournal(),
      sharedStore: false,
    })) {
      it(contractCase.name, () => contractCase.run());
    }
  });

  it("should keep journals apart: a batch written to one is unknown to another", async () => {
    const first = createMemoryJournal();
    const second = createMemoryJournal();
    await first.append("b1", [
      { t: "batch", v: 1, batchId: "b1", at: "x", mode: "parallel", calls: [] },
    ]);
    expect(await second.read("b1")).toEqual([]);
    expect(await first.listOpen()).toEqual(["b1"]);
  });
});
