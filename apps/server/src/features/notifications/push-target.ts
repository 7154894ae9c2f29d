import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { PushPolicy } from '../../push-policy.js';

/** Addresses that are not on the public internet (RFC 6890 and its IPv6 counterparts). */
const notPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  notPublic.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(net, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, 'ipv4');
  if (family !== 6) return true;
  // ::ffff:127.0.0.1 reaches 127.0.0.1.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? notPublic.check(mapped, 'ipv4') : notPublic.check(address, 'ipv6');
}

const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

const hostAllowed = (host: string, patterns: readonly string[]) =>
  patterns.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern,
  );

/** The endpoint's scheme and host are ones the policy allows (no network asked). */
export function endpointAllowed(endpoint: string, policy: PushPolicy): boolean {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  if (!url || url.username || url.password) return false;
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) return false;
  return hostAllowed(hostOf(url), policy.allowedHosts);
}

const lookupAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * At subscription: an allowed host that resolves to a private address now is refused. A name
 * that does not resolve at this moment passes; sending checks again, on the address it uses.
 */
export async function endpointResolvesPrivate(endpoint: string, policy: PushPolicy) {
  if (policy.allowPrivate) return false;
  const host = hostOf(new URL(endpoint));
  if (isIP(host)) return isPrivateAddress(host);
  const addresses = await lookupAll(host).catch(() => []);
  return addresses.some((a) => isPrivateAddress(a.address));
}

class PrivateAddressError extends Error {
  readonly code = 'EPUSHPRIVATE';
}

/** DNS for the connection itself, so the address checked is the address connected to. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const first = addresses[0];
    if (!first || addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '', 0);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, first.address, first.family);
  });
};

/**
 * POSTs one push message and answers the push service's status. Refuses (throws) an endpoint
 * the policy does not allow, or one whose address is private when connecting; never follows
 * a redirect (a 3xx is just a status), so the push service cannot send the server elsewhere.
 */
export function postPush(
  endpoint: string,
  message: { headers: Record<string, string>; body: Uint8Array },
  policy: PushPolicy,
  timeoutMs: number,
): Promise<number> {
  if (!endpointAllowed(endpoint, policy)) {
    return Promise.reject(new Error('push endpoint not allowed'));
  }
  const url = new URL(endpoint);
  const host = hostOf(url);
  if (!policy.allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(new PrivateAddressError(`${host} is a private address`));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: message.headers,
        signal: AbortSignal.timeout(timeoutMs),
        ...(policy.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(message.body);
  });
}
