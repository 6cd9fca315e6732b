import { join } from "node:path";
import type { ScriptedTurn } from "../scripted-model";

/**
 * The scripted walk-through of `--mcp`: the model works through the filesystem MCP server's tools
 * (`fs__…`) and a small in-process MCP server (`local__…`) whose tool list changes mid-session.
 * Paths are absolute inside the sandbox, as the filesystem server requires.
 */
export function createMcpSession(root: string): readonly ScriptedTurn[] {
  const inside = (path: string) => join(root, path);
  return [
    {
      title: "An MCP server's tools, validated and coerced locally",
      narration:
        "The filesystem server runs over stdio; its tools are in the registry as fs__*, with its own input schemas. The model writes head as a string: the registry coerces it before the call is sent.",
      text: "Let me look at the sandbox through the filesystem server.",
      calls: () => [
        { name: "fs__list_directory", argumentsText: JSON.stringify({ path: root }) },
        {
          name: "fs__read_text_file",
          argumentsText: JSON.stringify({ path: inside("notes.txt"), head: "2" }),
        },
      ],
    },
    {
      title: "A validation error never reaches the server",
      narration:
        "What cannot be coerced fails here with Toolwright's message for the model; the MCP server never sees the call.",
      calls: () => [{ name: "fs__read_text_file", argumentsText: JSON.stringify({ head: 3 }) }],
    },
    {
      title: "Destructive hints drive an approval policy",
      narration:
        "write_file and move_file are destructive by the server's annotations (getMcpToolInfo). The policy approves writes inside the sandbox and refuses moves, before the server is asked. Non-read-only calls of one server share a lock key, so they never overlap.",
      calls: () => [
        {
          name: "fs__write_file",
          argumentsText: JSON.stringify({
            path: inside("report.md"),
            content: "# Report\n\nWritten through MCP.\n",
          }),
        },
        {
          name: "fs__move_file",
          argumentsText: JSON.stringify({
            source: inside("notes.txt"),
            destination: inside("moved.txt"),
          }),
        },
      ],
    },
    {
      title: "A server changes its tools: list_changed reaches the transcript",
      narration:
        "The in-process MCP server registered word_count and sent notifications/tools/list_changed. The mount listed again, registered local__word_count (every unchanged tool kept its object), and declareToolChanges wrote one system message before this request.",
      calls: () => [
        { name: "local__word_count", argumentsText: JSON.stringify({ path: "report.md" }) },
      ],
    },
    {
      title: "Media from an MCP server reaches the provider layer",
      narration:
        "read_media_file returns an image block for pixel.png and an audio block for tone.wav; the mount keeps both as they are. Before the next request the demo writes these results with @toolwright/providers for Anthropic and Gemini: the image travels as an image, and a dialect whose tool results cannot carry audio gets a placeholder text naming it instead of its bytes.",
      calls: () => [
        {
          name: "fs__read_media_file",
          argumentsText: JSON.stringify({ path: inside("pixel.png") }),
        },
        {
          name: "fs__read_media_file",
          argumentsText: JSON.stringify({ path: inside("tone.wav") }),
        },
      ],
    },
    {
      title: "terminate",
      narration: "finish is a local tool beside the mounted ones; its result ends the session.",
      calls: () => [
        {
          name: "finish",
          argumentsText: JSON.stringify({ summary: "Report written and counted through MCP." }),
        },
      ],
    },
  ];
}
