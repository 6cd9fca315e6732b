import { describe, expect, it } from "vitest";
import { linkAbort } from "./link-abort";

describe("linkAbort", () => {
  it("should do nothing without a parent signal", () => {
    const controller = new AbortController();
    expect(linkAbort(undefined, controller)).toBeUndefined();
    expect(controller.signal.aborted).toBe(false);
  });

  it("should abort the child at once, with the reason, when the parent already aborted", () => {
    const parent = new AbortController();
    parent.abort("stop");
    const child = new AbortController();
    linkAbort(parent.signal, child);
    expect(child.signal.reason).toBe("stop");
  });

  it("should forward a later abort until unlinked", () => {
    const parent = new AbortController();
    const forwarded = new AbortController();
    linkAbort(parent.signal, forwarded);
    const unlinked = new AbortController();
    linkAbort(parent.signal, unlinked)?.();
    parent.abort("later");
    expect(forwarded.signal.reason).toBe("later");
    expect(unlinked.signal.aborted).toBe(false);
  });
});
