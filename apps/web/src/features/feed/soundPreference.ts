/**
 * Whether the driver wants sound. It starts on; a browser that refuses sound without a tap
 * makes the player fall back to muted, and the driver's own unmute or mute is remembered for
 * the next videos of this visit.
 */
let wanted = true;

export const soundWanted = (): boolean => wanted;

export function setSoundWanted(value: boolean): void {
  wanted = value;
}
