import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { knowViewer, renderWithProviders } from '../../test/renderWithProviders';
import { SalahScreen } from './SalahScreen';

describe('Dhuhr Salah page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('opens on the HI tab; Arabic reads right to left', () => {
    signIn();
    knowViewer();
    renderWithProviders(<SalahScreen />);
    expect(screen.getByRole('tab', { name: 'HI' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'ज़ुहर की नमाज़' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'AR' }));
    expect(screen.getByRole('tabpanel')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { name: 'صلاة الظهر' })).toBeInTheDocument();
  });

  it('names the tabs in Hindi for a Hindi reader', async () => {
    await i18n.changeLanguage('hi');
    try {
      signIn();
      knowViewer();
      renderWithProviders(<SalahScreen />);
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'अंग्रेज़ी',
        'अरबी',
        'हिंदी',
      ]);
      fireEvent.click(screen.getByRole('tab', { name: 'अरबी' }));
      expect(screen.getByRole('heading', { name: 'صلاة الظهر' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('switches at once, sends the value, and puts the switch back with a toast on failure', async () => {
    signIn();
    knowViewer();
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SalahScreen />);
    const toggle = screen.getByRole('switch', { name: 'Remind for Salah' });
    expect(screen.getByText('Salah reminder is OFF')).toBeInTheDocument();

    fireEvent.click(toggle);
    // Changed before the server answered (it has not yet).
    await screen.findByText('Salah reminder is ON');
    expect(toggle).toBeChecked();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/v1/update/salah');
    expect(JSON.parse(String(init.body))).toEqual({ remindSalah: 'on' });

    answer(jsonResponse(500, {}));
    await screen.findByText('Salah reminder is OFF');
    expect(toggle).not.toBeChecked();
    await screen.findByText('Could not change the reminder. Please try again.');
  });
});
