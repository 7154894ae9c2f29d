// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { VideoRendition } from '@saathi/contract';
import { chooseRendition, type ChoiceInput } from './renditionChoice';

const low: VideoRendition = { url: '/low.mp4', width: 360, height: 640, kbps: 300 };
const full: VideoRendition = { url: '/video.mp4', width: 720, height: 1280, kbps: 1596 };
const both = [low, full];

const choose = (input: Partial<ChoiceInput>) =>
  both[chooseRendition(both, { setting: 'auto', network: {}, measuredKbps: null, ...input })];

describe('rendition choice', () => {
  it.each([
    ['slow-2g', 10, low],
    ['2g', 10, low],
    ['3g', 10, low],
    ['4g', 10, full],
    // Fast 3G in DevTools: 1.6 Mbit/s does not carry 1.6 Mbit/s with headroom.
    ['4g', 1.6, low],
    ['4g', 2.4, full],
  ])('on %s at %s Mbit/s plays %o', (effectiveType, downlink, expected) => {
    expect(choose({ network: { effectiveType, downlink } })).toBe(expected);
  });

  it('plays the 720p file when the browser tells nothing of the network', () => {
    expect(choose({})).toBe(full);
    // Chromium says 0 while it has no estimate.
    expect(choose({ network: { downlink: 0 } })).toBe(full);
  });

  it('knowing nothing, keeps the rendition the page already started; anything known wins', () => {
    expect(choose({ started: 0 })).toBe(low);
    expect(choose({ started: 0, network: { effectiveType: '4g', downlink: 10 } })).toBe(full);
    expect(choose({ started: 0, measuredKbps: 5000 })).toBe(full);
    expect(choose({ started: 0, setting: 'best' })).toBe(full);
    expect(choose({ started: 1, network: { saveData: true } })).toBe(low);
  });

  it('follows Save-Data on a fast link', () => {
    expect(choose({ network: { effectiveType: '4g', downlink: 10, saveData: true } })).toBe(low);
  });

  it("keeps the driver's setting over the network and Save-Data", () => {
    expect(choose({ setting: 'low', network: { effectiveType: '4g', downlink: 10 } })).toBe(low);
    expect(choose({ setting: 'best', network: { effectiveType: '2g', saveData: true } })).toBe(
      full,
    );
    expect(choose({ setting: 'best', measuredKbps: 100 })).toBe(full);
  });

  it('trusts the throughput it measured over the browser hints', () => {
    expect(choose({ network: { effectiveType: '4g', downlink: 10 }, measuredKbps: 900 })).toBe(low);
    expect(choose({ network: { effectiveType: '3g', downlink: 0.5 }, measuredKbps: 4000 })).toBe(
      full,
    );
  });

  it('takes the one rendition there is', () => {
    expect(
      chooseRendition([full], {
        setting: 'auto',
        network: { effectiveType: '2g' },
        measuredKbps: null,
      }),
    ).toBe(0);
  });
});
