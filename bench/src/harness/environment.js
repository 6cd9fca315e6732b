// What the tables were measured on, so that numbers from different runs are not compared blindly.
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";

/** @param {string} command */
export function describeEnvironment(command) {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const memory = `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `Command: \`${command}\` (from the repository root)`,
    `Date: ${new Date().toISOString()}`,
    `Node: ${process.version} (${process.platform}/${process.arch}), V8 ${process.versions.v8}`,
    `Machine: ${availableParallelism()} cores (nproc), ${cpu}, ${memory} RAM; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(" / ")} (1 / 5 / 15 min) when the run started`,
  ];
}
