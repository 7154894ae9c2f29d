// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isNavVisible } from './navVisibility';

describe('isNavVisible', () => {
  it('is hidden without a token everywhere', () => {
    for (const path of ['/', '/emergency', '/my/profile', '/help']) {
      expect(isNavVisible(path, false)).toBe(false);
    }
  });

  it('is shown with a token on the signed-in screens', () => {
    for (const path of ['/', '/emergency', '/business', '/voice-chat', '/my/profile', '/help']) {
      expect(isNavVisible(path, true)).toBe(true);
    }
    expect(isNavVisible('/user/profile/42', true)).toBe(true);
    expect(isNavVisible('/post/video', true)).toBe(true);
  });

  it('is hidden with a token on the auth, reset, terms and privacy paths', () => {
    for (const path of [
      '/login',
      '/register',
      '/user/register',
      '/end/user/register',
      '/end/user/login',
      '/forgot-password',
      '/reset-password/abc123',
      '/terms',
      '/privacy',
      '/login/',
    ]) {
      expect(isNavVisible(path, true)).toBe(false);
    }
  });
});
