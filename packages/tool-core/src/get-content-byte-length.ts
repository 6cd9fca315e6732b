import type { Content } from "./content";

/**
 * The size in bytes of what a block carries by value: the decoded size of base64 `data` or `blob`
 * (`floor(length × 3 / 4)` less its `=` padding, without decoding), or the UTF-8 size of an
 * embedded resource's `text`. `undefined` for blocks that carry nothing by value (`text`, `resource_link`, a `file`
 * with a `url`): a text block's size is a matter for truncation, not for a media limit.
 */
export function getContentByteLength(block: Content): number | undefined {
  switch (block.type) {
    case "image":
    case "audio":
      return decodedLength(block.data);
    case "file":
      return block.data === undefined ? undefined : decodedLength(block.data);
    case "resource": {
      const { resource } = block;
      return resource.blob === undefined ? utf8Length(resource.text) : decodedLength(resource.blob);
    }
    default:
      return undefined;
  }
}

function decodedLength(base64: string): number {
  const { length } = base64;
  let padding = 0;
  if (length > 0 && base64.charCodeAt(length - 1) === 0x3d) {
    padding = length > 1 && base64.charCodeAt(length - 2) === 0x3d ? 2 : 1;
  }
  return Math.floor((length * 3) / 4) - padding;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
