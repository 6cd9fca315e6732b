/** The least a message must have for the functions that only look at system messages. */
export interface RoleMessage {
  readonly role: string;
}
