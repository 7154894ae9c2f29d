import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's trustProxy takes: no proxy, the number of proxy hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges, which Fastify also accepts in the list. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  if (rangeNames.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  );
};

const trueRefused =
  'true would trust the X-Forwarded-For a client writes itself (any IP, so per-IP limits ' +
  'could be dodged). Write the number of proxies in front of the server (TRUST_PROXY=1 for one ' +
  'load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.10)';

/**
 * TRUST_PROXY: `false`/`0` (the default), a number of hops, or a comma-separated list of the
 * proxies' addresses and CIDR ranges. The client's address is then the one the nearest
 * untrusted hop saw, never the left-most X-Forwarded-For entry, which the client writes.
 */
export const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (/^(|false|no|0)$/i.test(value)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    if (/^(true|yes)$/i.test(value)) {
      ctx.addIssue({ code: 'custom', message: trueRefused });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a number of proxies nor an address or CIDR range: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify 5 ignores X-Forwarded-For entirely for a number (it cannot tell the proxy from a
 * client that connects directly), so a hop count becomes "the nearest N hops are proxies".
 * With a hop count the server must be reachable only through those proxies; when it is not,
 * list their addresses instead.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
