import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Where the server may send Web Push: a subscription names any URL its browser (or a caller)
 * likes. A setting of the deployment (config.ts reads it); features/notifications/push-target.ts
 * enforces it.
 */
export interface PushPolicy {
  /** Host names, or `*.` and a domain for any host below it (not the domain itself). */
  allowedHosts: readonly string[];
  /** Plain http endpoints: tests run a push service on loopback. */
  allowHttp: boolean;
  /** Endpoints on private, loopback and link-local addresses: a push service on one's own network. */
  allowPrivate: boolean;
}

/** The browsers' push services: Chrome (FCM), Firefox (autopush), Safari, Edge (WNS). */
export const pushServiceHosts = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** PUSH_ALLOWED_HOSTS: host names, `*.domain` patterns or addresses, comma-separated. */
export const pushHostsSetting = z
  .string()
  .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
  .refine(
    (hosts) => hosts.every((h) => isIP(h) || /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(h)),
    'each entry must be a host name, *. and a domain, or an address',
  );
