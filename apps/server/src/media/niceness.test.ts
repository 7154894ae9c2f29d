import { describe, expect, it } from 'vitest';
import { mediaNiceness } from './niceness.js';

describe('the nice level of media work', () => {
  it('is 19 unless MEDIA_NICENESS says otherwise', () => {
    expect(mediaNiceness(undefined)).toBe(19);
    expect(mediaNiceness('')).toBe(19);
    expect(mediaNiceness('10')).toBe(10);
    expect(mediaNiceness('0')).toBe(0);
    expect(mediaNiceness('19')).toBe(19);
  });

  it('refuses a level nice would not take, naming the variable', () => {
    for (const bad of ['-1', '20', '5.5', 'low']) {
      expect(() => mediaNiceness(bad)).toThrow(
        /MEDIA_NICENESS must be a whole number from 0 to 19/,
      );
    }
  });
});
