// What tools see of approval through the public API, and that the folder stays browser-safe.
import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { defineTool, type ToolContext } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { executeToolBatch } from "../index";
import { expectComplete } from "../test-support";

describe("the tool context", () => {
  it("should give each call an idempotency key ending in its call id, stable within the call, and attempt 1", async () => {
    const seen: { key: string; again: string; attempt: number }[] = [];
    const tool = defineTool({
      name: "charge",
      description: "Charge a card",
      execute: (_params, context: ToolContext) => {
        seen.push({
          key: context.idempotencyKey,
          again: context.idempotencyKey,
          attempt: context.attempt,
        });
        return { content: [{ type: "text", text: "ok" }] };
      },
    });
    expectComplete(
      await executeToolBatch(
        [
          { type: "toolCall", id: "c1", name: "charge", arguments: {} },
          { type: "toolCall", id: "c2", name: "charge", arguments: {} },
        ],
        { tools: [tool] },
      ),
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]?.key).toMatch(/^[A-Za-z0-9_.-]{1,128}:c1$/);
    expect(seen[1]?.key).toMatch(/^[A-Za-z0-9_.-]{1,128}:c2$/);
    for (const { key, again, attempt } of seen) {
      expect(again).toBe(key);
      expect(attempt).toBe(1);
    }
  });
});

describe("the approval folder", () => {
  it("should import no node: module outside its tests", () => {
    const folder = dirname(fileURLToPath(import.meta.url));
    const sources = readdirSync(folder).filter(
      (name) => name.endsWith(".ts") && !name.includes(".test") && !name.startsWith("make-test"),
    );
    expect(sources.length).toBeGreaterThan(10);
    for (const name of sources) {
      expect(readFileSync(`${folder}/${name}`, "utf8"), name).not.toMatch(/["']node:/);
    }
  });
});
