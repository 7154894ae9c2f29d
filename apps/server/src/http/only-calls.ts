import type { FastifyInstance } from 'fastify';

/**
 * Refuses at start-up a route not made by registerCall, so every route declares its guard,
 * input, limits and answer in the contract. Only a plugin's own routes are let through, by
 * the URL they are mounted at: the OpenAPI viewer's (docs/api.md).
 */
export function onlyContractCalls(app: FastifyInstance, pluginRoutes: readonly string[]): void {
  const isPlugins = (url: string) =>
    pluginRoutes.some((mount) => url === mount || url.startsWith(`${mount}/`));
  app.addHook('onRoute', (route) => {
    if (route.config?.call || isPlugins(route.url)) return;
    throw new Error(
      `${String(route.method)} ${route.url} is not a contract call: use registerCall`,
    );
  });
}
