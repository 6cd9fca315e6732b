import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { handleMissingService } from "./handle-missing-service";
import { isUrlReachable } from "./is-url-reachable";
import { readServiceUrl } from "./read-service-urls";
import type { ServiceName } from "./service-name";

/** What {@link provideServices} found or started. */
export interface ProvidedServices {
  /** The URL of each available service. */
  readonly urls: Partial<Record<ServiceName, string>>;
  /** Why each unavailable service is missing (its tests skip). */
  readonly skipped: Partial<Record<ServiceName, string>>;
  /**
   * The env file of the instances this call started (for `scripts/services.sh restart` with
   * `TOOLWRIGHT_SERVICES_ENV`); `undefined` when it started none.
   */
  readonly envFile: string | undefined;
  /** Stops what this call started; does nothing for services it found running. */
  teardown(): Promise<void>;
}

/** Options of {@link provideServices}; the defaults are what a test run uses. */
export interface ProvideServicesOptions {
  /** The repository (holds `scripts/services.sh` and `.ci/services.env`). */
  readonly repoRoot?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Start instances of this run's own, even when others are running: for a suite that restarts,
   * terminates or empties its services (a fault test), which would break every other suite
   * sharing them. Default `false`.
   */
  readonly private?: boolean;
}

/** `scripts/services.sh` exits with this when a binary is missing and installing is off. */
const MISSING_BINARY_STATUS = 3;

const defaultRepoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * For a vitest `globalSetup` (SPEC §13): each service's URL from the environment or
 * `.ci/services.env` when it answers there; otherwise `scripts/services.sh start` is run for this
 * test run alone (never installing anything, with a private env file) unless
 * `TOOLWRIGHT_SERVICES_AUTOSTART=0`. A service still missing is skipped — or fails the run under
 * `TOOLWRIGHT_REQUIRE_SERVICES=1` (see {@link handleMissingService}).
 */
export async function provideServices(
  names: readonly ServiceName[],
  options: ProvideServicesOptions = {},
): Promise<ProvidedServices> {
  const repoRoot = options.repoRoot ?? defaultRepoRoot;
  const env = options.env ?? process.env;
  const urls: Partial<Record<ServiceName, string>> = {};
  const skipped: Partial<Record<ServiceName, string>> = {};
  for (const name of options.private === true ? [] : names) {
    const url = readServiceUrl(name, join(repoRoot, ".ci", "services.env"), env);
    if (url !== undefined && (await isUrlReachable(url))) urls[name] = url;
  }
  let teardown = async () => {};
  let envFile: string | undefined;
  const missing = names.filter((name) => urls[name] === undefined);
  let reason = "no URL in the environment or .ci/services.env";
  if (
    missing.length > 0 &&
    (options.private === true || env.TOOLWRIGHT_SERVICES_AUTOSTART !== "0")
  ) {
    const started = await startServices(repoRoot, missing);
    if (started.ok) {
      for (const name of missing) urls[name] = readServiceUrl(name, started.envFile, {});
      teardown = started.stop;
      envFile = started.envFile;
    } else {
      reason = started.reason;
    }
  }
  try {
    for (const name of names)
      if (urls[name] === undefined) skipped[name] = handleMissingService(name, reason, env);
  } catch (error) {
    await teardown();
    throw error;
  }
  return { urls, skipped, envFile, teardown };
}

type StartResult =
  | { ok: true; envFile: string; stop(): Promise<void> }
  | { ok: false; reason: string };

async function startServices(
  repoRoot: string,
  names: readonly ServiceName[],
): Promise<StartResult> {
  const folder = await mkdtemp(join(tmpdir(), "toolwright-test-services-"));
  const envFile = join(folder, "services.env");
  const run = (...args: string[]) =>
    runScript(join(repoRoot, "scripts", "services.sh"), args, {
      ...process.env,
      TOOLWRIGHT_SERVICES_ENV: envFile,
      TOOLWRIGHT_SERVICES_INSTALL: "0",
    });
  const { status, output } = await run("start", ...names);
  const stop = async () => {
    await run("stop");
    await rm(folder, { recursive: true, force: true });
  };
  if (status === 0) return { ok: true, envFile, stop };
  await stop();
  const why =
    status === MISSING_BINARY_STATUS
      ? "not installed"
      : `scripts/services.sh start failed (${status})`;
  return { ok: false, reason: `${why}: ${output.trim().split("\n").slice(-3).join(" / ")}` };
}

function runScript(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", [script, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", (error) => resolve({ status: -1, output: error.message }));
    child.on("close", (code) => resolve({ status: code ?? -1, output }));
  });
}
