// Gemini (`generateContent`) wire shapes this package emits and reads.

/** A function declaration. Exactly one of the schema fields is set, or none (no parameters). */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema?: Record<string, unknown>;
  readonly parameters?: Record<string, unknown>;
}

/** The one `tools[]` entry holding every declaration. */
export interface GeminiTool {
  readonly functionDeclarations: GeminiFunctionDeclaration[];
}

/** A `functionCall` part as sent by the model and as replayed. */
export interface GeminiFunctionCallPart {
  readonly functionCall: {
    readonly id?: string;
    readonly name: string;
    readonly args: Record<string, unknown>;
  };
  readonly thoughtSignature?: string;
}

/** A part of a model `Content`, as far as this package reads it. */
export interface GeminiResponsePart {
  readonly functionCall?: {
    readonly id?: string;
    readonly name?: string;
    readonly args?: Record<string, unknown>;
  };
  readonly thoughtSignature?: string;
}

/** The part of a `generateContent` response this package reads. */
export interface GeminiResponse {
  readonly candidates?: readonly {
    readonly content?: {
      readonly role?: string;
      readonly parts?: readonly GeminiResponsePart[];
    };
    readonly finishReason?: string;
  }[];
  readonly responseId?: string;
}

/** Inline bytes in a Gemini part. */
export interface GeminiInlineData {
  readonly inlineData: { readonly mimeType: string; readonly data: string };
}

/** A file by URI in a Gemini part. */
export interface GeminiFileData {
  readonly fileData: { readonly mimeType: string; readonly fileUri: string };
}

/** Media in a tool result: inside `functionResponse.parts`, or a sibling part. */
export type GeminiMediaPart = GeminiInlineData | GeminiFileData;

/** One `functionResponse` part. */
export interface GeminiFunctionResponsePart {
  readonly functionResponse: {
    readonly id?: string;
    readonly name: string;
    readonly response: { readonly output: string } | { readonly error: string };
    readonly parts?: GeminiMediaPart[];
  };
}

/** The user `Content` carrying every result of one turn. */
export interface GeminiToolResultContent {
  readonly role: "user";
  readonly parts: (GeminiFunctionResponsePart | GeminiMediaPart)[];
}

/** Request-level tool settings (`toolConfig`). */
export interface GeminiToolConfig {
  readonly functionCallingConfig: { readonly mode: "VALIDATED" };
}
