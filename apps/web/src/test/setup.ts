import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupI18n } from '../i18n';

setupI18n('en');

afterEach(() => {
  cleanup();
  document.cookie = 'Token=; Max-Age=0; Path=/';
});
