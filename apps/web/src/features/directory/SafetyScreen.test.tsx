import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { SafetyCaution } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn, silentFetch } from '../../test/renderRoute';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SafetyScreen } from './SafetyScreen';

const withMedia: SafetyCaution = {
  _id: '7e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
  image: '/media/safety/fog.png',
  video: '/media/safety/fog.mp4',
  poster: null,
  note: 'Dense fog on NH48 after 10 pm.',
  createdAt: '2025-01-10T16:30:00.000Z',
};
const noteOnly: SafetyCaution = {
  _id: '8f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c',
  image: null,
  video: null,
  poster: null,
  note: 'Take a break every two hours.',
  createdAt: '2025-01-09T06:00:00.000Z',
};

function stubFetch(response: () => Promise<Response>) {
  const fetch = vi.fn(response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('driver safety caution screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('scrolls to the top and loads without sending the sign-in', () => {
    signIn('driver-token');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const fetch = stubFetch(silentFetch);
    renderWithProviders(<SafetyScreen />);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('status')).toHaveTextContent('Loading safety cautions...');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/all/safety');
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('shows each caution with its picture, video, time and note', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    stubFetch(async () => jsonResponse(200, { success: true, data: [withMedia, noteOnly] }));
    const { container } = renderWithProviders(<SafetyScreen />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('img')).toHaveAttribute('src', '/media/safety/fog.png');
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'none');
    const source = video?.querySelector('source');
    expect(source).toHaveAttribute('src', '/media/safety/fog.mp4');
    expect(source).toHaveAttribute('type', 'video/mp4');
    const time = (items[0] as HTMLElement).querySelector('time');
    expect(time).toHaveAttribute('dateTime', withMedia.createdAt);
    expect(time?.textContent).toMatch(/2025/);
    expect(first.getByText(withMedia.note)).toBeInTheDocument();

    const second = within(items[1] as HTMLElement);
    expect(second.queryByRole('img')).not.toBeInTheDocument();
    expect((items[1] as HTMLElement).querySelector('video')).not.toBeInTheDocument();
    expect(second.getByText(noteOnly.note)).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    stubFetch(async () => jsonResponse(200, { success: true, data: [] }));
    renderWithProviders(<SafetyScreen />);
    expect(await screen.findByText('No safety cautions right now.')).toBeInTheDocument();
  });

  it('logs a failure without an error text, and can try again', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = stubFetch(async () =>
      jsonResponse(500, { success: false, message: 'Something went wrong' }),
    );
    renderWithProviders(<SafetyScreen />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fetch.mockImplementation(async () => jsonResponse(200, { success: true, data: [noteOnly] }));
    fireEvent.click(retry);
    expect(await screen.findByText(noteOnly.note)).toBeInTheDocument();
  });
});
