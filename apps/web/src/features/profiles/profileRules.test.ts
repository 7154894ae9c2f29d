// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nameError, profileFields } from './profileRules';

describe('profile rules', () => {
  it('wants a name of 2 to 30 characters after trimming', () => {
    expect(nameError('   ')).toBe('name_required');
    expect(nameError(' P ')).toBe('name_length');
    expect(nameError('x'.repeat(31))).toBe('name_length');
    expect(nameError('Pr')).toBeNull();
    expect(nameError('x'.repeat(30))).toBeNull();
  });

  it('sends the trimmed name, the number setting and a photo removal only without a new photo', () => {
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    expect(
      profileFields({ name: ' Priya ', showNumber: true, photo: null, removePhoto: true }),
    ).toEqual({ name: 'Priya', showNumber: 'true', removePhoto: 'true' });
    expect(profileFields({ name: 'Priya', showNumber: false, photo, removePhoto: true })).toEqual({
      name: 'Priya',
      showNumber: 'false',
    });
  });
});
