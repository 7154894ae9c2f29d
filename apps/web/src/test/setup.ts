// toBeInTheDocument(), toHaveTextContent() and friends on every expect.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { setupI18n } from '../i18n';
import { allTexts } from './allTexts';
import { polyfillDialog } from './dialogPolyfill';

// Files that touch no DOM run in the node environment (`@vitest-environment node` at the top)
// and skip jsdom's set-up; they need neither the texts (which set <html lang>) nor the clean-up.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  polyfillDialog();
  void setupI18n('en', allTexts());
  afterEach(() => {
    cleanup();
    document.cookie = 'Token=; Max-Age=0; Path=/';
  });
}
