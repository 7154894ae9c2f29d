// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  dismiss,
  driveSafeRules,
  initialDriveState,
  observe,
  phase,
  settle,
  type DriveState,
  type Fix,
} from './detector';

const start = Date.UTC(2026, 0, 5, 9, 0, 0);
const kmh = (value: number) => value / 3.6;

/** One fix a second at `speed` km/h (null: the phone gives positions only), heading north. */
function drive(state: DriveState, seconds: number, speed: number | null, from = start): DriveState {
  let next = state;
  // 1 degree of latitude is about 111.2 km.
  const metresPerDegree = 111_195;
  for (let s = 0; s <= seconds; s += 1) {
    const fix: Fix = {
      latitude: 28.6 + (kmh(speed ?? 0) * s) / metresPerDegree,
      longitude: 77.2,
      accuracy: 10,
      speed: speed === null ? null : kmh(speed),
      timestamp: from + s * 1000,
    };
    next = observe(next, fix);
  }
  return next;
}

/** Positions without a speed, moving at `kmh` from where `drive` would be. */
function positionsOnly(state: DriveState, seconds: number, speedKmh: number, from = start) {
  let next = state;
  for (let s = 0; s <= seconds; s += 1) {
    next = observe(next, {
      latitude: 28.6 + (kmh(speedKmh) * s) / 111_195,
      longitude: 77.2,
      accuracy: 10,
      speed: null,
      timestamp: from + s * 1000,
    });
  }
  return next;
}

describe('drive-safe detector', () => {
  it('turns to moving after 15 km/h and more for 10 seconds, not before', () => {
    const nine = drive(initialDriveState, 9, 16);
    expect(phase(nine, start + 9_000)).toBe('idle');
    const ten = drive(initialDriveState, 10, 16);
    expect(phase(ten, start + 10_000)).toBe('moving');
  });

  it('counts the 10 seconds on the clock too, when no new fix comes', () => {
    const fast = drive(initialDriveState, 3, 40);
    expect(phase(fast, start + 9_999)).toBe('idle');
    expect(phase(fast, start + 10_000)).toBe('moving');
  });

  it('stays idle at 14 km/h however long', () => {
    const slow = drive(initialDriveState, 120, 14);
    expect(phase(slow, start + 120_000)).toBe('idle');
  });

  it('starts the 10 seconds again after a slow fix', () => {
    let state = drive(initialDriveState, 8, 30);
    state = drive(state, 0, 10, start + 9_000);
    state = drive(state, 8, 30, start + 10_000);
    expect(phase(state, start + 18_000)).toBe('idle');
    expect(phase(drive(state, 0, 30, start + 20_000), start + 20_000)).toBe('moving');
  });

  it('works out the speed from successive positions when the phone gives none', () => {
    expect(phase(positionsOnly(initialDriveState, 12, 30), start + 12_000)).toBe('moving');
    expect(phase(positionsOnly(initialDriveState, 60, 12), start + 60_000)).toBe('idle');
  });

  it('takes no jitter of a standing phone for speed, nor a cell-tower guess', () => {
    let state = initialDriveState;
    for (let s = 0; s <= 60; s += 1) {
      // 8 m back and forth every second: 29 km/h between neighbours, nothing over 5 s.
      state = observe(state, {
        latitude: 28.6 + (s % 2 ? 8 : 0) / 111_195,
        longitude: 77.2,
        accuracy: 10,
        speed: null,
        timestamp: start + s * 1000,
      });
    }
    expect(phase(state, start + 60_000)).toBe('idle');
    let rough = initialDriveState;
    for (let s = 0; s <= 60; s += 5) {
      rough = observe(rough, {
        latitude: 28.6 + (s % 10 ? 900 : 0) / 111_195,
        longitude: 77.2,
        accuracy: 1500,
        speed: null,
        timestamp: start + s * 1000,
      });
    }
    expect(phase(rough, start + 60_000)).toBe('idle');
  });

  it('ends once the phone has been still for 30 seconds', () => {
    const moving = drive(initialDriveState, 20, 50);
    const stopped = drive(moving, 29, 0, start + 21_000);
    expect(phase(stopped, start + 50_000)).toBe('moving');
    expect(phase(stopped, start + 51_000)).toBe('idle');
    // A fast fix in between starts the 30 seconds again.
    const crawl = drive(drive(moving, 20, 0, start + 21_000), 0, 20, start + 42_000);
    expect(phase(drive(crawl, 25, 0, start + 43_000), start + 68_000)).toBe('moving');
  });

  it('ends too when no position has come for 30 seconds', () => {
    const moving = drive(initialDriveState, 20, 50);
    expect(phase(moving, start + 49_999)).toBe('moving');
    expect(phase(moving, start + 50_000)).toBe('idle');
  });

  it('lets a passenger dismiss it for 30 minutes, then shows it again', () => {
    const moving = drive(initialDriveState, 10, 60);
    const passenger = dismiss(moving, start + 10_000);
    const later = drive(passenger, driveSafeRules.passengerForMs / 1000, 60, start + 11_000);
    expect(phase(later, start + 71_000)).toBe('dismissed');
    const almost = start + 10_000 + driveSafeRules.passengerForMs - 1;
    expect(phase(settle(later, almost), almost)).toBe('dismissed');
    const after = start + 10_000 + driveSafeRules.passengerForMs;
    expect(phase(later, after)).toBe('moving');
  });

  it('keeps the passenger choice across a short stop', () => {
    const passenger = dismiss(drive(initialDriveState, 10, 60), start + 10_000);
    const stopped = drive(passenger, 40, 0, start + 11_000);
    expect(phase(stopped, start + 51_000)).toBe('idle');
    const again = drive(stopped, 15, 60, start + 60_000);
    expect(phase(again, start + 75_000)).toBe('dismissed');
  });
});
