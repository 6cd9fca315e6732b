import type { Tool } from "@toolwright/tool-core";

/** The tool's replay policy; anything but `"safe"` (a throwing getter included) is `"never"`. */
export function readReplay(tool: Tool): "never" | "safe" {
  try {
    return tool.replay === "safe" ? "safe" : "never";
  } catch {
    return "never";
  }
}
