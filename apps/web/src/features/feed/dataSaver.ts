/**
 * The driver's Data saver choice, kept on the phone: Auto lets the player follow the
 * network, Always low never fetches more than the low rendition, Best quality always the
 * 720p file.
 */
export const dataSaverModes = ['auto', 'low', 'best'] as const;
export type DataSaver = (typeof dataSaverModes)[number];

export const dataSaverKey = 'dataSaver';

const isMode = (value: unknown): value is DataSaver =>
  dataSaverModes.some((mode) => mode === value);

export function readDataSaver(): DataSaver {
  try {
    const saved = localStorage.getItem(dataSaverKey);
    return isMode(saved) ? saved : 'auto';
  } catch {
    return 'auto';
  }
}

export function saveDataSaver(mode: DataSaver): void {
  try {
    localStorage.setItem(dataSaverKey, mode);
  } catch {
    // Storage disabled (private mode): the choice lasts until the page closes.
  }
}
