import { afterEach, describe, expect, it } from 'vitest';
import { dataSaverKey, readDataSaver, saveDataSaver } from './dataSaver';

describe('Data saver choice', () => {
  afterEach(() => localStorage.clear());

  it('is kept on the phone', () => {
    saveDataSaver('low');
    expect(localStorage.getItem(dataSaverKey)).toBe('low');
    expect(readDataSaver()).toBe('low');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(dataSaverKey, 'ultra');
    expect(readDataSaver()).toBe('auto');
  });
});
