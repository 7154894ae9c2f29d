import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import type { Business } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn, silentFetch } from '../../test/renderRoute';
import { renderWithProviders } from '../../test/renderWithProviders';
import { BusinessScreen } from './BusinessScreen';

const tyres: Business = {
  _id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Sharma Tyre & Puncture Works',
  nameHi: 'शर्मा टायर और पंक्चर वर्क्स',
  description: 'Tubeless puncture repair, open 24 hours.',
  address: 'NH48, Kherki Daula, Gurugram 122004',
  phone: '+91 90000 10001',
  email: 'sharma.tyres@example.com',
  status: 'active',
  category: 'tyres',
};
const fuel: Business = {
  ...tyres,
  _id: '6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
  name: 'Shree Balaji Fuel Station',
  nameHi: null,
  status: 'inactive',
  // Saved before categories came from a list: shown as the team wrote it.
  category: 'Fuel Station',
  phone: '',
  email: '',
};

const answer = (data: Business[]) => jsonResponse(200, { success: true, data: { data: data } });

function stubFetch(response: () => Promise<Response>) {
  const fetch = vi.fn(response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('business partners screen', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    await i18n.changeLanguage('en');
  });

  it('shows a spinner while loading, asking the spec path with the sign-in', () => {
    signIn('driver-token');
    const fetch = stubFetch(silentFetch);
    renderWithProviders(<BusinessScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading businesses...');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/buisness');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer driver-token' });
  });

  it("says 'Failed to fetch businesses' when the call fails, and retries on request", async () => {
    signIn();
    const fetch = stubFetch(async () =>
      jsonResponse(500, { success: false, message: 'Something went wrong' }),
    );
    renderWithProviders(<BusinessScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch businesses');
    fetch.mockImplementation(async () => answer([tyres]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: tyres.name })).toBeInTheDocument();
  });

  it('says so when there are no businesses', async () => {
    signIn();
    stubFetch(async () => answer([]));
    renderWithProviders(<BusinessScreen />);
    expect(await screen.findByText('No businesses available at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows each partner with map, call and mail links and its badges', async () => {
    signIn();
    stubFetch(async () => answer([tyres, fuel]));
    renderWithProviders(<BusinessScreen />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('heading').textContent).toBe(tyres.name);
    expect(first.getByText(tyres.description)).toBeInTheDocument();
    const map = first.getByRole('link', { name: tyres.address });
    expect(map).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=NH48%2C%20Kherki%20Daula%2C%20Gurugram%20122004',
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first.getByRole('link', { name: tyres.phone })).toHaveAttribute(
      'href',
      'tel:+919000010001',
    );
    expect(first.getByRole('link', { name: tyres.email })).toHaveAttribute(
      'href',
      'mailto:sharma.tyres@example.com',
    );
    const active = first.getByText('Active');
    expect(active.className).toContain('bg-green-100');
    expect(first.getByText('Tyres & puncture')).toBeInTheDocument();

    // An inactive partner is shown with a grey badge; links the admin left empty are left out.
    const second = within(items[1] as HTMLElement);
    expect(second.getByText('Inactive').className).not.toContain('green');
    expect(second.getByText('Fuel Station')).toBeInTheDocument();
    expect(second.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\//),
    ]);
  });

  it('reads in Hindi: the Hindi name the team gave and the category from the translated list', async () => {
    await i18n.changeLanguage('hi');
    signIn();
    stubFetch(async () => answer([tyres, fuel]));
    renderWithProviders(<BusinessScreen />);
    const [first, second] = (await screen.findAllByRole('listitem')) as HTMLElement[];
    expect(within(first as HTMLElement).getByRole('heading').textContent).toBe(tyres.nameHi);
    expect(within(first as HTMLElement).getByText('टायर और पंक्चर')).toBeInTheDocument();
    // No Hindi name given: the English one; a category saved as free text stays as written.
    expect(within(second as HTMLElement).getByRole('heading').textContent).toBe(fuel.name);
    expect(within(second as HTMLElement).getByText('Fuel Station')).toBeInTheDocument();
  });

  it('links to the driver safety cautions', () => {
    signIn();
    stubFetch(silentFetch);
    renderWithProviders(<BusinessScreen />);
    expect(screen.getByRole('link', { name: 'Driver safety cautions' })).toHaveAttribute(
      'href',
      '/safety',
    );
  });
});
