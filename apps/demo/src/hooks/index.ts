export type { RedactionListener } from "./redact-secrets";
export { createSecretRedactor, redactSecrets } from "./redact-secrets";
export type { PolicyListener } from "./sandbox-policy";
export { createSandboxPolicy } from "./sandbox-policy";
