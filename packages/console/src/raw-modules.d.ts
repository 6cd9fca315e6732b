// Files imported as text (`import script from "./assets/console.js?raw"`): the build inlines them
// (tsup.config.ts), and vitest does the same.
declare module "*?raw" {
  const text: string;
  export default text;
}
