import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UploadProgress } from './UploadProgress';

const MB = 1024 * 1024;

describe('upload progress', () => {
  it('shows the percent the server has and the time left at the measured rate', () => {
    // 3 MB of 9 MB at 50 KB/s: 6 MB left, about 123 s, so "about 3 min".
    renderWithProviders(
      <UploadProgress
        state={{ sent: 3 * MB, total: 9 * MB, rate: 50 * 1024, paused: false }}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('33% sent')).toBeInTheDocument();
    expect(screen.getByText('About 3 min left')).toBeInTheDocument();
  });

  it('says it waits for the network instead of a time while paused', () => {
    renderWithProviders(
      <UploadProgress
        state={{ sent: MB, total: 2 * MB, rate: null, paused: true }}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Paused: waiting for network');
    expect(screen.queryByText(/left/)).not.toBeInTheDocument();
  });

  it('never says 100% before the last byte, and cancels on request', () => {
    const cancel = vi.fn();
    renderWithProviders(
      <UploadProgress
        state={{ sent: 999_999, total: 1_000_000, rate: 1_000_000, paused: false }}
        onCancel={cancel}
      />,
    );
    expect(screen.getByText('99% sent')).toBeInTheDocument();
    expect(screen.getByText('Less than a minute left')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(cancel).toHaveBeenCalledOnce();
  });
});
