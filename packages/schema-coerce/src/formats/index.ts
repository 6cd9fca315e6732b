import type { FormatCheck } from "../types";
import { isDate, isDateTime, isDuration, isTime } from "./date-time";
import { isEmail, isIdnEmail } from "./email";
import { isHostname, isIdnHostname } from "./hostname";
import { isIpv4, isIpv6 } from "./ip-address";
import { isJsonPointer, isRelativeJsonPointer } from "./json-pointer";
import { isRegex, isUuid } from "./misc";
import { isIri, isIriReference, isUri, isUriReference, isUrl } from "./uri";
import { isUriTemplate } from "./uri-template";

/**
 * The built-in format checkers, used when `formats: true`: `date`, `date-time`, `time`,
 * `duration`, `email`, `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`, `uri`,
 * `uri-reference`, `iri`, `iri-reference`, `uri-template`, `url`, `uuid`, `regex`,
 * `json-pointer`, `relative-json-pointer`. Each takes a string and never throws.
 */
export const formats: Readonly<Record<string, FormatCheck>> = Object.freeze({
  date: isDate,
  "date-time": isDateTime,
  time: isTime,
  duration: isDuration,
  email: isEmail,
  "idn-email": isIdnEmail,
  hostname: isHostname,
  "idn-hostname": isIdnHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  uri: isUri,
  "uri-reference": isUriReference,
  iri: isIri,
  "iri-reference": isIriReference,
  "uri-template": isUriTemplate,
  url: isUrl,
  uuid: isUuid,
  regex: isRegex,
  "json-pointer": isJsonPointer,
  "relative-json-pointer": isRelativeJsonPointer,
});
