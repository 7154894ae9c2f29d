// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { placeName } from './whereAmI';

describe('place name', () => {
  const empty = {
    success: true as const,
    city: '',
    locality: '',
    principalSubdivision: '',
    countryName: '',
  };
  it('takes city, then locality, then state, then country', () => {
    expect(placeName({ ...empty, city: 'Pune', locality: 'Hadapsar' })).toBe('Pune');
    expect(placeName({ ...empty, locality: 'Hadapsar', countryName: 'India' })).toBe('Hadapsar');
    expect(placeName({ ...empty, principalSubdivision: 'Maharashtra' })).toBe('Maharashtra');
    expect(placeName({ ...empty, countryName: 'India' })).toBe('India');
    expect(placeName(empty)).toBe('');
  });
});
