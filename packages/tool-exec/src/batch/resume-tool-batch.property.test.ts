/**
 * A fast-check property over approval: random batches (mode, concurrency, gated tools, lock keys,
 * in-process verdicts) through random sequences of suspend → decide a random subset in a random
 * order (approve, deny, or let a clock expire it) → resume, with a JSON round trip of the state
 * between steps. Whatever happens: every call ends with exactly one outcome, in source order; no
 * call executes twice; a denied or expired call never executes; a suspended result is never
 * returned while a call is executing; `tool_result` comes only when the batch completes, once per
 * call, in source order; and every run returns without anyone deciding (no run waits for a human).
 */
import type { Tool, ToolCall } from "@toolwright/tool-core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import { createToolCall } from "../test-support";
import { roundTrip } from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { resumeToolBatch } from "./resume-tool-batch";
import type { ToolExecutionEvent } from "./tool-events";

const NUM_RUNS = 120;
const TTL_MS = 1_000;

const callArbitrary = fc.record({
  gate: fc.constantFrom("none", "human", "decide-approve", "decide-deny", "decide-none"),
  key: fc.option(fc.constantFrom("a", "b", "c"), { nil: undefined }),
  async: fc.boolean(),
});

const stepArbitrary = fc.record({
  /** Per pending request, in order: what this resume decides for it. */
  choices: fc.array(fc.constantFrom("approve", "deny", "skip"), { maxLength: 8 }),
  reverse: fc.boolean(),
  advanceMs: fc.constantFrom(0, 0, 400, TTL_MS),
});

describe("resumeToolBatch (property)", () => {
  it("should settle every call exactly once, in source order, whatever is decided and when", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArbitrary, { minLength: 1, maxLength: 7 }),
        fc.constantFrom("parallel", "sequential"),
        fc.constantFrom(1, 2, Number.POSITIVE_INFINITY),
        fc.array(stepArbitrary, { maxLength: 6 }),
        async (specs, mode, maxConcurrency, steps) => {
          let clock = 1_700_000_000_000;
          const executions = new Map<string, number>();
          let active = 0;
          const tool: Tool = {
            name: "work",
            description: "Work",
            parameters: {
              type: "object",
              properties: {
                key: { type: "string" },
                gate: { type: "string" },
                async: { type: "boolean" },
              },
              additionalProperties: false,
            },
            lockKeys: (params: { key?: string }) => (params.key === undefined ? [] : [params.key]),
            needsApproval: (params: { gate?: string }) => params.gate !== "none",
            async execute(params, context) {
              executions.set(context.toolCallId, (executions.get(context.toolCallId) ?? 0) + 1);
              active++;
              if ((params as { async?: boolean }).async === true) {
                await new Promise((resolve) => setTimeout(resolve, 0));
              }
              active--;
              return { content: [{ type: "text", text: `ran ${context.toolCallId}` }] };
            },
          } as Tool;
          const toolCalls: ToolCall[] = specs.map((spec, index) =>
            createToolCall(`c${index}`, "work", {
              gate: spec.gate,
              async: spec.async,
              ...(spec.key === undefined ? {} : { key: spec.key }),
            }),
          );
          const approval = {
            ttlMs: TTL_MS,
            now: () => clock,
            decide: (request: { toolCall: ToolCall }) => {
              const gate = (request.toolCall.arguments as { gate: string }).gate;
              if (gate === "decide-approve") return { decision: "approve" as const };
              if (gate === "decide-deny") return { decision: "deny" as const };
              return undefined;
            },
          };
          const events: ToolExecutionEvent[] = [];
          const onEvent = (event: ToolExecutionEvent) => {
            events.push(event);
          };
          const refused = new Set<string>();
          const checkReturn = (outcome: ToolBatchOutcome) => {
            // No race with suspension: nothing executes once a run returned.
            expect(active).toBe(0);
            if (outcome.status === "suspended") {
              expect(events.some((event) => event.type === "tool_result")).toBe(false);
            }
          };
          let outcome = await executeToolBatch(toolCalls, {
            tools: [tool],
            mode,
            maxConcurrency,
            approval,
            onEvent,
          });
          checkReturn(outcome);
          for (const step of steps) {
            if (outcome.status !== "suspended") break;
            const state = roundTrip(outcome.state);
            clock += step.advanceMs;
            const pending = step.reverse ? [...outcome.pending].reverse() : outcome.pending;
            const decisions: ToolApprovalDecision[] = [];
            pending.forEach((request, index) => {
              const choice = step.choices[index] ?? "skip";
              if (choice === "skip") return;
              decisions.push({ approvalId: request.approvalId, decision: choice });
              const expired =
                request.expiresAt !== undefined && clock >= Date.parse(request.expiresAt);
              if (choice === "deny" || expired) refused.add(request.toolCall.id);
            });
            for (const request of pending) {
              if (request.expiresAt !== undefined && clock >= Date.parse(request.expiresAt)) {
                refused.add(request.toolCall.id);
              }
            }
            outcome = await resumeToolBatch(state, decisions, {
              tools: [tool],
              maxConcurrency,
              approval,
              onEvent,
            });
            checkReturn(outcome);
          }
          // Then approve whatever is pending until the batch completes: each resume can only
          // uncover calls that were deferred, so this ends within one resume per call.
          for (let round = 0; outcome.status === "suspended"; round++) {
            expect(round).toBeLessThanOrEqual(toolCalls.length);
            const state = roundTrip(outcome.state);
            expect(state.calls.map((entry) => entry.toolCall.id)).toEqual(
              toolCalls.map((toolCall) => toolCall.id),
            );
            const approveAll = outcome.pending.map(
              (request): ToolApprovalDecision => ({
                approvalId: request.approvalId,
                decision: "approve",
              }),
            );
            outcome = await resumeToolBatch(state, approveAll, {
              tools: [tool],
              maxConcurrency,
              approval,
              onEvent,
            });
            checkReturn(outcome);
          }
          for (const count of executions.values()) expect(count).toBe(1);
          for (const id of refused) expect(executions.has(id)).toBe(false);
          const ids = toolCalls.map((toolCall) => toolCall.id);
          expect(outcome.outcomes.map((entry) => entry.toolCall.id)).toEqual(ids);
          expect(outcome.messages.map((message) => message.toolCallId)).toEqual(ids);
          const results = events.filter((event) => event.type === "tool_result");
          expect(results.map((event) => event.message.toolCallId)).toEqual(ids);
          for (const entry of outcome.outcomes) {
            const ran = executions.get(entry.toolCall.id) === 1;
            expect(entry.durationMs !== undefined).toBe(ran);
            if (entry.isError) expect(entry.errorType).toBeDefined();
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
