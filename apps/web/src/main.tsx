import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { registerSW } from 'virtual:pwa-register';
import { queryClient } from './api/queryClient';
import { reloadOnStaleBuild } from './app/reloadOnStaleBuild';
import { setupI18n } from './i18n';
import { initialLanguage } from './i18n/language';
import { createRouter } from './routes';
import { showFlashedToast } from './ui/toastStore';
import './index.css';

setupI18n(initialLanguage());
registerSW({ immediate: true });
reloadOnStaleBuild();
showFlashedToast();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
