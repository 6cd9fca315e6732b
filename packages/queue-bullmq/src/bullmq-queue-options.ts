import type {
  BackendFactory,
  ConnectionOptions,
  IQueueBackend,
  PostgresConnectionOptions,
} from "bullmq";

/** Where the queue lives: the options the dispatcher and the worker share. */
export interface BullmqQueueOptions {
  /** The BullMQ queue; the coordinator and its workers must use the same name. */
  readonly queueName: string;
  /** ioredis options or instance (Redis), or a `pg` pool, config or URL with `backend`. */
  readonly connection: ConnectionOptions | PostgresConnectionOptions;
  /** A BullMQ backend factory, e.g. `createPostgresBackend` from `bullmq`; default Redis. */
  readonly backend?:
    | BackendFactory<IQueueBackend, ConnectionOptions>
    | BackendFactory<IQueueBackend, PostgresConnectionOptions>;
}

/**
 * The `(name, options, backend)` arguments of a BullMQ class for `options`. BullMQ's constructors
 * tie the connection type to the backend's generic; here both come from the user at run time.
 */
export function bullmqArguments<TOptions extends object>(
  options: BullmqQueueOptions,
  extra: TOptions,
): [string, TOptions & { connection: ConnectionOptions }, BackendFactory] {
  return [
    options.queueName,
    { ...extra, connection: options.connection as ConnectionOptions },
    // `undefined` selects BullMQ's default backend (Redis) at run time.
    options.backend as BackendFactory,
  ];
}
