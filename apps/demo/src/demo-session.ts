import type { ScriptedTurn } from "./scripted-model";
import { findLatestResultText } from "./scripted-model";

/** What the demo asks of a model, and the embedded model's answer to it, turn by turn. */
export interface DemoSession {
  readonly systemPrompt: string;
  readonly task: string;
  readonly turns: readonly ScriptedTurn[];
}

const calculatorText = (value: string) => JSON.stringify({ expression: value, precision: 2 });

/**
 * The scripted walk-through. Each turn is written the way a model writes: argument *text*, sloppy
 * where models are sloppy, cut off where a token limit cuts it, and built from earlier results
 * where a model would read them.
 */
export const demoSession: DemoSession = {
  systemPrompt:
    "You are a careful assistant working in a sandbox folder through tools. Use the tools, then call finish.",
  task: "Look around the sandbox, index the notes, compute sqrt(2) * 100, write a short report to report.md, count its words and finish.",
  turns: [
    {
      title: "Sloppy arguments, coerced",
      narration:
        'Models write "2" for numbers, "true" for booleans and null for fields they mean to leave out. Validation coerces them and lists every change — for convert_units too, whose parameters are a Zod schema.',
      text: "Let me look around first.",
      calls: () => [
        { name: "echo", argumentsText: '{"value": 42, "repeat": "2", "uppercase": "true"}' },
        { name: "read_file", argumentsText: '{"path": "notes.txt", "maxLines": "3"}' },
        { name: "list_dir", argumentsText: '{"path": null}' },
        { name: "convert_units", argumentsText: '{"value": "5", "from": "km", "to": "mi"}' },
      ],
    },
    {
      title: "A validation error, and broken JSON",
      narration:
        "What cannot be coerced fails with a message written for the model: each issue by path, then the arguments as received. A rule of the tool's own Zod schema (kg is not a length) is reported the same way. Nothing runs.",
      calls: () => [
        { name: "slow_task", argumentsText: '{"label": "index notes", "steps": "several"}' },
        { name: "calculator", argumentsText: '{"expression": "sqrt(2) * 100"' },
        { name: "convert_units", argumentsText: '{"value": 20, "from": "kg", "to": "mi"}' },
      ],
    },
    {
      title: "The model fixes it: a parallel batch",
      narration:
        "The corrected calls run concurrently. tool_execution_end arrives in completion order; the results go back in the order the model asked.",
      text: "Fixing my arguments.",
      calls: () => [
        { name: "slow_task", argumentsText: '{"label": "index notes", "steps": 3}' },
        { name: "calculator", argumentsText: calculatorText("sqrt(2) * 100") },
        { name: "read_file", argumentsText: '{"path": "data/todo.md"}' },
        { name: "list_dir", argumentsText: '{"path": "data"}' },
      ],
    },
    {
      title: "Hooks: a policy blocks, an after-hook redacts",
      narration:
        "beforeToolCall refuses a write outside the sandbox before it runs; afterToolCall replaces a secret in a result before the model sees it. write_file is sequential, so this batch runs one call at a time.",
      calls: () => [
        { name: "read_file", argumentsText: '{"path": ".env"}' },
        { name: "write_file", argumentsText: '{"path": "../outside.txt", "content": "escaped!"}' },
      ],
    },
    {
      title: "Cut off by the output token limit",
      narration:
        'The response stopped at the token limit (stop reason "length"), so its arguments may be truncated: no tool runs, each call gets a result asking for a re-issue.',
      stopReason: "length",
      calls: () => [
        {
          name: "write_file",
          argumentsText: '{"path": "report.md", "content": "# Report\\n\\nsqrt(2) * 1',
        },
      ],
    },
    {
      title: "The sequential writer",
      narration:
        "write_file is sequential and works behind withFileMutationQueue: each call runs start → end → result before the next one starts.",
      calls: (messages) => {
        const calculation = findLatestResultText(messages, "calculator") ?? "(no calculation)";
        const listing = findLatestResultText(messages, "list_dir") ?? "(no listing)";
        const report = `# Report\n\n- ${calculation}\n- files in data/: ${listing.split("\n").join(", ")}\n`;
        return [
          {
            name: "write_file",
            argumentsText: JSON.stringify({ path: "report.md", content: report }),
          },
          {
            name: "write_file",
            argumentsText: JSON.stringify({
              path: "report.md",
              content: "- notes indexed in 3 steps\n",
              append: "true",
            }),
          },
        ];
      },
    },
    {
      title: "A tool added mid-session",
      narration:
        "The application added word_count and retired slow_task; declareToolChanges wrote both into the transcript before this request. What a provider receives depends on what it can carry: a removal is not additive, so an additions-only provider folds everything into its top-level list (one cache miss), while a changes provider carries both in place.",
      calls: () => [{ name: "word_count", argumentsText: '{"path": "report.md"}' }],
    },
    {
      title: "A destructive call waits for a person",
      narration:
        "delete_file needs approval. list_dir runs; then the batch suspends with the deletion awaiting a decision and no results go back yet. The demo writes the state (SuspendedBatch JSON) to disk, reads it back and resumes it with the decision: y/n on a terminal, else --approve yes|no (default no). A denial reaches the model as the call's result.",
      text: "The report has the numbers; the CSV can go.",
      calls: () => [
        { name: "list_dir", argumentsText: '{"path": "data"}' },
        { name: "delete_file", argumentsText: '{"path": "data/numbers.csv"}' },
      ],
    },
    {
      title: "terminate",
      narration:
        "finish returns terminate: true. Every result of the batch says so, so the loop stops without asking the model again.",
      calls: (messages) => {
        const deleted = findLatestResultText(messages, "delete_file") !== undefined;
        const cleanup = deleted
          ? "data/numbers.csv deleted"
          : "data/numbers.csv kept, the deletion was denied";
        return [
          {
            name: "finish",
            argumentsText: JSON.stringify({
              summary: `Report written to report.md and counted; ${cleanup}.`,
            }),
          },
        ];
      },
    },
  ],
};
