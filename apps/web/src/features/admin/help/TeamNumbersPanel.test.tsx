import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../api/queryClient';
import { jsonResponse, signIn } from '../../../test/renderRoute';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TeamNumbersPanel } from './TeamNumbersPanel';

const contact = {
  _id: '4c3d2e1f-0a9b-4c8d-9e7f-6a5b4c3d2e1f',
  name: 'Night desk',
  nameHi: null,
  number: '+91 90000 20001',
  position: 0,
};

describe('team numbers: delete', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    localStorage.clear();
  });

  it("asks in the console's own dialog, deletes only on confirm, and shows a failure there", async () => {
    signIn();
    const confirm = vi.spyOn(window, 'confirm');
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'DELETE'
          ? jsonResponse(500, { success: false, message: 'Something went wrong' })
          : jsonResponse(200, { success: true, contacts: [contact] }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<TeamNumbersPanel />);
    const row = await screen.findByTestId('team-contact');
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Night desk from the team numbers?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletes()).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(String(deletes()[0]?.[0])).toContain(contact._id);
    await within(screen.getByRole('dialog')).findByRole('alert');
    expect(confirm).not.toHaveBeenCalled();
  });
});
