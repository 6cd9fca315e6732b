import type { Location } from "./schema-node";
import { DEFAULT_BASE } from "./uri";

/** Where shared nodes (boolean schemas, type-only nodes) sit: no resource of any graph. */
export const sharedLocation: Location = {
  base: DEFAULT_BASE,
  resource: { uri: DEFAULT_BASE, dynamicAnchors: undefined },
  draft: "2020-12",
};
