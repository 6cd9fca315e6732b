import { definePackageBuild } from "../../tsup.shared";

export default definePackageBuild(["src/index.ts"]);
