// @toolwright/test-services: test-only helpers around scripts/services.sh (never published).
export { handleMissingService, REQUIRE_SERVICES_VARIABLE } from "./handle-missing-service";
export { isUrlReachable } from "./is-url-reachable";
export type { ProvidedServices, ProvideServicesOptions } from "./provide-services";
export { provideServices } from "./provide-services";
export { readServiceUrl } from "./read-service-urls";
export type { ServiceName } from "./service-name";
export { SERVICE_URL_VARIABLES } from "./service-name";
