/// <reference path="../raw-modules.d.ts" />
// (the reference lets any program that compiles this file, the API reference's included, read
// the text imports below)
import type { Context } from "hono";
import styles from "../assets/console.css?raw";
import script from "../assets/console.js?raw";

const ASSETS: Readonly<Record<string, readonly [type: string, body: string]>> = {
  "console.js": ["text/javascript; charset=utf-8", script],
  "console.css": ["text/css; charset=utf-8", styles],
};

/** `GET <basePath>/assets/<name>`: the console's script and styles, from the package (no CDN). */
export function answerAsset(c: Context) {
  const asset = Object.hasOwn(ASSETS, c.req.param("name") ?? "")
    ? ASSETS[c.req.param("name")!]
    : undefined;
  if (asset === undefined) return c.text("No such asset.", 404);
  return c.body(asset[1], 200, { "Content-Type": asset[0] });
}
