import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../api/errors';
import { uploadErrorText } from './uploadPost';

describe('upload failure texts', () => {
  it('says the upload timed out', () => {
    expect(uploadErrorText(new ApiError(0, undefined, 'timeout'))).toBe(
      'Upload timed out. Please try again.',
    );
  });

  it('blames the connection on a network failure', () => {
    expect(uploadErrorText(networkError())).toBe(
      'Upload failed. Please check your connection and try again.',
    );
  });

  it('quotes the server, with its numbers filled in', () => {
    const error = new ApiError(
      413,
      'Image 2 is too large. Maximum size is 10MB.',
      'image_too_large',
      { n: 2 },
    );
    expect(uploadErrorText(error)).toBe(
      'Upload failed: Image 2 is too large. Maximum size is 10MB.',
    );
  });

  it('falls back when the answer had neither success nor a message', () => {
    expect(uploadErrorText(new ApiError(502))).toBe('Upload failed. Please try again.');
  });
});
