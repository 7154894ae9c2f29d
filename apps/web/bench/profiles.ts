import type { BrowserContextOptions, CDPSession } from 'playwright-core';

/** A network as the DevTools protocol throttles it: both ways and the round trip. */
export interface NetworkProfile {
  name: string;
  downKbps: number;
  upKbps: number;
  rttMs: number;
}

/** The figures of issue 12, which follow DevTools' presets but with a 400 ms round trip. */
export const slow3g: NetworkProfile = { name: 'Slow 3G', downKbps: 400, upKbps: 400, rttMs: 400 };
export const fast3g: NetworkProfile = { name: 'Fast 3G', downKbps: 1600, upKbps: 750, rttMs: 150 };

/** A cheap Android phone's CPU against this machine's, as Lighthouse's mobile run assumes. */
export const cpuSlowdown = 4;

/**
 * A 412x915 phone at 2.625 device pixels per CSS pixel (a common mid-range Android). Service
 * workers are blocked: the protocol throttles a page, not its worker, so a worker's fetches
 * would slip past the throttle and the bytes table.
 */
export const phone: BrowserContextOptions = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  locale: 'en-IN',
  timezoneId: 'Asia/Kolkata',
  serviceWorkers: 'block',
};

const bytesPerSecond = (kbps: number) => (kbps * 1000) / 8;

/** Slows the page's CPU and network; both hold for every navigation of the same page. */
export async function throttle(session: CDPSession, profile: NetworkProfile): Promise<void> {
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: bytesPerSecond(profile.downKbps),
    uploadThroughput: bytesPerSecond(profile.upKbps),
  });
}
