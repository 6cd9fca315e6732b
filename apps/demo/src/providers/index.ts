export type { ProviderRequest } from "./build-provider-request";
export { buildProviderRequest } from "./build-provider-request";
export type { CliProviderOptions } from "./create-cli-provider-model";
export { createCliProviderModel } from "./create-cli-provider-model";
export type { ProviderModelOptions, ProviderTransport } from "./create-provider-model";
export { createProviderModel } from "./create-provider-model";
export type { ProviderName } from "./provider-name";
export { dialectOf, providerNames } from "./provider-name";
