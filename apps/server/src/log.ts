import type { BaseLogger } from 'pino';

/**
 * What code below the routes needs of a logger. Fastify's loggers and a bare pino logger
 * (the worker process) both satisfy it, so services, jobs and platform code never name Fastify.
 */
export type Logger = Pick<BaseLogger, 'error' | 'warn' | 'info'>;
