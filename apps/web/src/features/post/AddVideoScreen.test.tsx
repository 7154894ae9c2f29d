import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AddVideoScreen } from './AddVideoScreen';
import { fakeFile } from '../../test/fakeFile';

const tenMb = 10 * 1024 * 1024;

/** The photo pickers come first, then the video pickers, each '<legend>: Gallery' then camera. */
function pick(label: string, files: File[], which = 0) {
  const input = screen.getAllByLabelText(new RegExp(`: ${label}$`), { selector: 'input' })[which];
  if (!input) throw new Error(`no ${label} picker`);
  fireEvent.change(input, { target: { files } });
}

describe('Add Video', () => {
  beforeEach(() => {
    // A browser gives every file its own object URL, and the screen keys its previews by it.
    let made = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => `blob:preview-${++made}`,
        revokeObjectURL: () => undefined,
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('says so when the browser has no geolocation, and keeps the location empty', () => {
    renderWithProviders(<AddVideoScreen />);
    expect(screen.getByText('Geolocation is not supported by your browser')).toBeInTheDocument();
    expect(screen.getByLabelText('Location *')).toHaveValue('');
  });

  it('fills the location from the phone through the reverse geocoder', async () => {
    signIn();
    let found: PositionCallback = () => undefined;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => (found = ok) },
    });
    const fetch = vi.fn((_url: string) =>
      Promise.resolve(
        jsonResponse(200, {
          success: true,
          city: '',
          locality: 'Hadapsar',
          principalSubdivision: 'Maharashtra',
          countryName: 'India',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AddVideoScreen />);
    const field = screen.getByLabelText('Getting your location...');
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('placeholder', 'Fetching your location...');
    found({ coords: { latitude: 18.5, longitude: 73.93 } } as GeolocationPosition);
    await waitFor(() => expect(screen.getByLabelText('Location *')).toHaveValue('Hadapsar'));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/geo/reverse?lat=18.500000&lon=73.930000');
  });

  it('rejects a too large or unsupported image with its number', () => {
    renderWithProviders(<AddVideoScreen />);
    pick('Gallery', [fakeFile('a.jpg', 'image/jpeg', tenMb + 1)]);
    expect(screen.getByText('Image 1 is too large. Maximum size is 10MB.')).toBeInTheDocument();
    pick('Gallery', [fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.tiff', 'image/tiff')]);
    expect(
      screen.getByText('Image 2 has an unsupported format. Please use JPEG, PNG, or GIF.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('img', { name: /Photo/ })).toHaveLength(0);
  });

  it('previews and removes picked images', () => {
    renderWithProviders(<AddVideoScreen />);
    pick('Gallery', [fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.png', 'image/png')]);
    expect(screen.getAllByRole('img', { name: /Photo \d/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getAllByRole('img', { name: /Photo \d/ })).toHaveLength(1);
  });

  it('rejects a too large or unsupported video', () => {
    renderWithProviders(<AddVideoScreen />);
    pick('Gallery', [fakeFile('a.mp4', 'video/mp4', tenMb + 1)], 1);
    expect(screen.getByText('Video is too large. Maximum size is 10MB.')).toBeInTheDocument();
    pick('Gallery', [fakeFile('a.mkv', 'video/x-matroska')], 1);
    expect(
      screen.getByText('Video has an unsupported format. Please use MP4, AVI, MOV, or WMV.'),
    ).toBeInTheDocument();
  });

  it('needs a photo or a video, and a location, before uploading', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AddVideoScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Please select at least one image or a video.')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
