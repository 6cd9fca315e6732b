import { describe, expect, it } from "vitest";
import { checkQueueName, QueueBullmqError } from "./queue-bullmq-error";

describe("QueueBullmqError", () => {
  it("should carry its code and cause, and be recognised across copies by isInstance", () => {
    const cause = new Error("down");
    const error = new QueueBullmqError("JOB_FAILED", "failed", { cause });
    expect(error).toMatchObject({ name: "QueueBullmqError", code: "JOB_FAILED", cause });
    expect(QueueBullmqError.isInstance(error)).toBe(true);
    const otherCopy = Object.defineProperty(
      new Error("x"),
      Symbol.for("@toolwright/queue-bullmq.QueueBullmqError"),
      { value: true },
    );
    expect(QueueBullmqError.isInstance(otherCopy)).toBe(true);
    expect(QueueBullmqError.isInstance(new Error("x"))).toBe(false);
    expect(QueueBullmqError.isInstance(null)).toBe(false);
  });
});

describe("checkQueueName", () => {
  it("should refuse what BullMQ refuses, with INVALID_ARGUMENT", () => {
    for (const name of ["", "a:b", 7, undefined]) {
      expect(() => checkQueueName(name)).toThrow(
        expect.objectContaining({ code: "INVALID_ARGUMENT" }),
      );
    }
    expect(() => checkQueueName("tw_ok-1")).not.toThrow();
  });
});
