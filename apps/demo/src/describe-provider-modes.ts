import type { Message } from "@toolwright/tool-core";
import type { TranscriptToolSupport } from "@toolwright/transcript";
import { readToolFields, resolveTranscriptTools } from "@toolwright/transcript";
import type { ProviderModeView } from "./demo-event";

const MODES: readonly TranscriptToolSupport[] = ["none", "additions", "changes"];

/**
 * What `resolveTranscriptTools` gives each provider mode for `messages`: the top-level tool list,
 * how many system messages were folded into it, and the changes left in place (`+name`, `-name`).
 */
export function describeProviderModes(messages: readonly Message[]): ProviderModeView[] {
  return MODES.map((support) => {
    const resolved = resolveTranscriptTools(messages, support);
    const inPlace: string[] = [];
    messages.forEach((message, index) => {
      if (index < resolved.foldIndex) return;
      const { toolsAdded, toolsRemoved } = readToolFields(message, index);
      for (const removal of toolsRemoved) inPlace.push(`-${removal.name}`);
      for (const declaration of toolsAdded) inPlace.push(`+${declaration.name}`);
    });
    return {
      support,
      requestTools: resolved.requestTools.map((tool) => tool.name),
      foldedSystemMessages: resolved.foldedSystemMessages.size,
      inPlace,
    };
  });
}
