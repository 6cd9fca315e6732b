import type { ScriptedTurn } from "../scripted-model";

/** The `--queue` scene's scripted turns: three slow jobs and a local calculation in one batch, then finish. */
export const QUEUE_SESSION: readonly ScriptedTurn[] = [
  {
    title: "slow_task on BullMQ workers",
    narration:
      "Three slow_task calls go to the queue and run on two worker processes, one job each at a time; the calculator runs here. Validation, hooks, time limits and rendering stay in this process: only execute moves. Progress comes back as job progress.",
    text: "Indexing three folders while I compute.",
    calls: () => [
      { name: "slow_task", argumentsText: '{"label": "index notes", "steps": 3, "stepMs": 150}' },
      { name: "slow_task", argumentsText: '{"label": "index data", "steps": 3, "stepMs": 150}' },
      {
        name: "slow_task",
        argumentsText: '{"label": "index archive", "steps": "2", "stepMs": 150}',
      },
      { name: "calculator", argumentsText: '{"expression": "6 * 7"}' },
    ],
  },
  {
    title: "terminate",
    narration: "finish runs here (the dispatcher only handles slow_task) and stops the loop.",
    calls: () => [{ name: "finish", argumentsText: '{"summary": "Indexed on the workers."}' }],
  },
];
