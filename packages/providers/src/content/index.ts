// What every dialect writer shares to map a tool result's blocks: the audience rule, media
// routing, the text forms of resources, and placeholders reported as warnings.
export { decodeBase64Text } from "./decode-base64-text";
export { describeResourceLink, describeTextResource } from "./describe-resource-text";
export { downgradeBlock } from "./downgrade-block";
export { isForModel } from "./is-for-model";
export { readBlockText } from "./read-block-text";
export type { MediaSource } from "./read-media";
export { nameMediaFile, readMedia, toDataUrl } from "./read-media";
export type { ResultMapping } from "./result-mapping";
