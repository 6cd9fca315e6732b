import { describe, expect, it } from "vitest";
import { defineSeam, provideSeam } from "./seam";

describe("defineSeam", () => {
  it("should make a frozen seam with its name, distinct from another of the same name", () => {
    const first = defineSeam<{ now(): number }>("clock");
    const second = defineSeam<{ now(): number }>("clock");
    expect(first.name).toBe("clock");
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).not.toBe(second);
  });
});

describe("provideSeam", () => {
  it("should pair a seam with its implementation so a Map can be built from the pairs", () => {
    const ClockSeam = defineSeam<{ now(): number }>("clock");
    const clock = { now: () => 5 };
    const seams = new Map([provideSeam(ClockSeam, clock)]);
    expect(seams.get(ClockSeam)).toBe(clock);
  });
});
