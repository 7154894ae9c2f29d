import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { messages } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { newProduct, renderWithProviders } from '../../test/renderWithProviders';
import { ProcessingBanner } from './ProcessingBanner';

/** What the worker stores for a clip over the 10-minute limit: the template, filled in. */
const tooLong = messages.media_too_long.replace('{{minutes}}', '10');

function showFailed(failureReason: string) {
  signIn();
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        jsonResponse(200, {
          success: true,
          products: [newProduct({ status: 'failed', failureReason, video: null })],
        }),
      ),
    ),
  );
  renderWithProviders(<ProcessingBanner />);
}

describe('processing banner', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    await i18n.changeLanguage('en');
  });

  it('says why a too-long video failed, with the limit in minutes', async () => {
    showFailed(tooLong);
    expect(
      await screen.findByText('This video is longer than 10 minutes. Please send a shorter clip.'),
    ).toBeInTheDocument();
  });

  it('says it in Hindi, with the same number', async () => {
    await i18n.changeLanguage('hi');
    showFailed(tooLong);
    expect(
      await screen.findByText('यह वीडियो 10 मिनट से लंबा है। कृपया छोटी क्लिप भेजें।'),
    ).toBeInTheDocument();
  });

  it('translates a reason without a number, and shows an unknown one as it is', async () => {
    await i18n.changeLanguage('hi');
    showFailed(messages.media_video_damaged);
    expect(
      await screen.findByText('वीडियो पढ़ा नहीं जा सका। हो सकता है वह ख़राब हो।'),
    ).toBeInTheDocument();
    queryClient.clear();
    showFailed('Something new');
    expect(await screen.findByText('Something new')).toBeInTheDocument();
  });

  it('offers no Retry for a file the server refused, only Delete: it would fail again', async () => {
    showFailed(messages.media_video_damaged);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry when processing failed on our side', async () => {
    showFailed(messages.processing_failed);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
