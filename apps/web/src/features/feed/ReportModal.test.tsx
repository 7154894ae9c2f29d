import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { postId, renderWithProviders } from '../../test/renderWithProviders';
import { ReportModal } from './ReportModal';
import { reportReasonValid } from './reportRules';

function open(kind: 'video' | 'image' = 'video') {
  const onClose = vi.fn();
  const onReported = vi.fn();
  renderWithProviders(
    <ReportModal postId={postId} kind={kind} onClose={onClose} onReported={onReported} />,
  );
  const reason = screen.getByLabelText('Reason for Report *');
  const submit = screen.getByRole('button', { name: 'Submit Report' }) as HTMLButtonElement;
  return { onClose, onReported, reason, submit };
}

describe('report reason rules', () => {
  it('needs text after trimming and at most 500 characters', () => {
    expect(reportReasonValid('')).toBe(false);
    expect(reportReasonValid('   ')).toBe(false);
    expect(reportReasonValid('Abusive language')).toBe(true);
    expect(reportReasonValid('a'.repeat(500))).toBe(true);
    expect(reportReasonValid('a'.repeat(501))).toBe(false);
  });
});

describe('report modal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('shows the title, a 0/500 counter and a disabled submit while the reason is empty', () => {
    const { submit, reason } = open();
    expect(screen.getByRole('heading', { name: 'Report Video' })).toBeInTheDocument();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    expect(submit.disabled).toBe(true);
    expect(reason.getAttribute('maxLength')).toBe('500');
    fireEvent.change(reason, { target: { value: 'Fake news' } });
    expect(screen.getByText('9/500')).toBeInTheDocument();
    expect(submit.disabled).toBe(false);
  });

  it("keeps the spec's video texts for a video and says post for a picture post", () => {
    open('video');
    expect(screen.getByText(/Tell us what is wrong with this video/)).toBeInTheDocument();
    cleanup();
    open('image');
    expect(screen.getByRole('heading', { name: 'Report Post' })).toBeInTheDocument();
    expect(screen.getByText(/Tell us what is wrong with this post/)).toBeInTheDocument();
    expect(screen.queryByText(/Video/)).toBeNull();
    expect(screen.getByLabelText('Reason for Report *')).toBeInTheDocument();
  });

  it('says a reason is needed when only spaces were typed', () => {
    const { reason, submit } = open();
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.blur(reason);
    expect(screen.getByText('Please provide a reason for reporting')).toBeInTheDocument();
    expect(submit.disabled).toBe(true);
  });

  it('sends the trimmed reason, says so and closes', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetch);
    const { reason, submit, onClose, onReported } = open();
    fireEvent.change(reason, { target: { value: ' Abuse ' } });
    fireEvent.click(submit);
    expect(await screen.findByRole('button', { name: 'Submitting Report...' })).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ videoId: postId, reason: 'Abuse' }),
    });
    answer(
      jsonResponse(200, {
        success: true,
        message: 'Video reported successfully! Admin will review it.',
        code: 'reported',
      }),
    );
    expect(
      await screen.findByText('Video reported successfully! Admin will review it.'),
    ).toBeInTheDocument();
    expect(onReported).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server message for a repeated report, else Failed to report video', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(409, {
            success: false,
            code: 'report_duplicate',
            message: 'You have already reported this video. Admin will review it.',
          }),
        ),
      ),
    );
    const first = open();
    fireEvent.change(first.reason, { target: { value: 'Abuse' } });
    fireEvent.click(first.submit);
    expect(
      await screen.findByText('You have already reported this video. Admin will review it.'),
    ).toBeInTheDocument();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 502 }))),
    );
    fireEvent.click(first.submit);
    expect(await screen.findByText('Failed to report video')).toBeInTheDocument();
    cleanup();

    // A picture post's failure names the post, as its title does.
    const picture = open('image');
    fireEvent.change(picture.reason, { target: { value: 'Abuse' } });
    fireEvent.click(picture.submit);
    expect(await screen.findByText('Failed to report post')).toBeInTheDocument();
  });

  it('asks for a login before reporting', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { reason, submit } = open();
    fireEvent.change(reason, { target: { value: 'Abuse' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Please login to report videos')).toBeInTheDocument();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });
});
