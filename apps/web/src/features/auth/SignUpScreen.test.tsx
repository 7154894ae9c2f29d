import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute, silentFetch } from '../../test/renderRoute';

function fillAccount() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ramesh Kumar' } });
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '98765 43210' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
}

function pick(label: string) {
  const file = new File(['photo'], 'photo.jpg', { type: 'image/jpeg' });
  fireEvent.change(screen.getByLabelText(`${label}: Gallery`), { target: { files: [file] } });
}

/** The screen loads on demand, so wait for its heading. */
async function renderScreen(path: string) {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Driver Registration' });
  return view;
}

describe('Driver Registration', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Register disabled and says why until the terms are agreed', async () => {
    await renderScreen('/register');
    const submit = screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement;
    expect(submit).toBeDisabled();
    expect(
      screen.getByText('Please agree to the Terms and Conditions and Privacy Policy'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
  });

  it('links the terms, the privacy policy, login and user registration', async () => {
    await renderScreen('/register');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Terms and Conditions')).toBe('/terms');
    expect(href('Privacy Policy')).toBe('/privacy');
    expect(href('Already have an account? Login')).toBe('/login');
    expect(href('Register as User')).toBe('/end/user/register');
  });

  it('asks for all three documents before sending', async () => {
    await renderScreen('/register');
    fillAccount();
    fireEvent.click(screen.getByRole('checkbox'));
    pick('Aadhar Card (Front)');
    await screen.findByAltText('Photo of Aadhar Card (Front)');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.queryAllByText('Please upload all required documents')).not.toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks name, phone and password first', async () => {
    await renderScreen('/register');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'R' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Name must be 2 to 30 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 10-digit Indian mobile number')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows a preview with a remove button for a picked photo', async () => {
    await renderScreen('/register');
    pick('Driving Licence');
    expect(await screen.findByAltText('Photo of Driving Licence')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(screen.queryByAltText('Photo of Driving Licence')).not.toBeInTheDocument(),
    );
  });

  it('refuses a file that is not an image', async () => {
    await renderScreen('/register');
    const file = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Driving Licence: Gallery'), {
      target: { files: [file] },
    });
    expect(
      await screen.findByText('Identity documents must be JPEG, PNG, WebP or HEIC images'),
    ).toBeInTheDocument();
  });
});
