import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

/**
 * A request's logger, which becomes a pino child carrying the request id only when something
 * logs through it. Fastify gives every request a child; pino builds a child's bindings,
 * serializers and redaction as it makes it, about a microsecond and a kilobyte of garbage per
 * request, and almost no request logs anything but its one line, which OneLinePerRequest
 * writes without it. A line logged through this one is the child's, field for field.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#logger().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  fatal(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#logger().fatal(obj, msg, ...args);
  }

  error(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#logger().error(obj, msg, ...args);
  }

  warn(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#logger().warn(obj, msg, ...args);
  }

  info(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#logger().info(obj, msg, ...args);
  }

  debug(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#logger().debug(obj, msg, ...args);
  }

  trace(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#logger().trace(obj, msg, ...args);
  }

  silent(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#logger().silent(obj, msg, ...args);
  }
}

export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options);
