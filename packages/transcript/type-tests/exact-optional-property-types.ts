/**
 * Compiled by `tsconfig.exact.json` with `exactOptionalPropertyTypes: true` (what a default
 * `tsc --init` project turns on) and `skipLibCheck: false`, so tool-core's built declarations are
 * checked as a consumer sees them: a consumer passes `T | undefined` values to optional fields of
 * every public type. Each assignment fails to compile where an optional property is declared
 * without `| undefined`.
 */

import {
  defineTool,
  type Message,
  type SystemMessage,
  type ToolDeclaration,
  ToolRegistry,
} from "@toolwright/tool-core";
import type { JSONSchema7 } from "json-schema";
import {
  createToolDeclarations,
  type DeclarableTool,
  type DeclareToolChangesOptions,
  declareToolChanges,
  getCurrentTools,
  resolveTranscriptTools,
  type ToolDeclarationContext,
  TranscriptError,
  type TranscriptErrorOptions,
  toToolDeclaration,
} from "../src/index";

declare const maybeBoolean: boolean | undefined;
declare const maybeNumber: number | undefined;
declare const maybeNow: (() => number) | undefined;
declare const maybeRegistry: ToolRegistry | undefined;

const schema: JSONSchema7 = { type: "object", properties: { path: { type: "string" } } };
const read = defineTool({
  name: "read",
  description: "Read a file",
  parameters: schema,
  constrainedSampling: maybeBoolean,
  execute: () => ({ content: [] }),
});
const declarable: DeclarableTool = {
  name: "read",
  description: "Read a file",
  parameters: undefined,
  constrainedSampling: maybeBoolean,
};
const declaration: ToolDeclaration = toToolDeclaration(read);

const options: DeclareToolChangesOptions = { now: maybeNow };
const context: ToolDeclarationContext = { messages: [], tools: maybeRegistry };
const system: SystemMessage = {
  role: "system",
  content: "",
  toolsAdded: [declaration],
  toolsRemoved: undefined,
  timestamp: 0,
};
const pending: Message[] = [system];
const outgoing: readonly Message[] = declareToolChanges(context, pending, options);
const declarations = createToolDeclarations();
const again: readonly Message[] = declarations.declareToolChanges(
  { messages: outgoing, tools: new ToolRegistry([read]) },
  [],
  { now: undefined },
);
const tools: ToolDeclaration[] = getCurrentTools(again);
const resolved = resolveTranscriptTools(again, "additions");

const current: Message[] = [...again];

const errorOptions: TranscriptErrorOptions = { cause: undefined, line: maybeNumber };
new TranscriptError("INVALID_TRANSCRIPT", "x", errorOptions);

export { current, declarable, declarations, resolved, tools };
