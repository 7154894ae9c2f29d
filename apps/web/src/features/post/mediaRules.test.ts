// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakeFile } from '../../test/fakeFile';
import { imageProblem, mediaMissing, newImagesProblem, videoProblem } from './mediaRules';

const tenMb = 10 * 1024 * 1024;

describe('post media rules', () => {
  it('takes JPEG, PNG and GIF, and the phone formats the server converts', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['IMG_1.HEIC', ''],
    ] as const) {
      expect(imageProblem(fakeFile(name, type), 1)).toBeNull();
    }
  });

  it('names the image by its place in the post', () => {
    expect(imageProblem(fakeFile('a.jpg', 'image/jpeg', tenMb + 1), 3)).toEqual({
      code: 'image_too_large',
      params: { n: 3 },
    });
    expect(imageProblem(fakeFile('a.bmp', 'image/bmp'), 2)).toEqual({
      code: 'image_type',
      params: { n: 2 },
    });
    expect(imageProblem(fakeFile('a.jpg', 'image/jpeg', tenMb), 1)).toBeNull();
    expect(
      newImagesProblem(2, [fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.txt', 'text/plain')]),
    ).toEqual({ code: 'image_type', params: { n: 4 } });
  });

  it('allows at most 10 images', () => {
    const files = Array.from({ length: 3 }, () => fakeFile('a.jpg', 'image/jpeg'));
    expect(newImagesProblem(8, files)).toEqual({ code: 'too_many_images', params: { max: 10 } });
  });

  it('takes MP4, AVI, MOV and WMV videos plus 3gp and webm, each at most 10 MB', () => {
    for (const [name, type] of [
      ['a.mp4', 'video/mp4'],
      ['a.avi', 'video/x-msvideo'],
      ['a.mov', 'video/quicktime'],
      ['a.wmv', 'video/x-ms-wmv'],
      ['a.3gp', ''],
      ['a.webm', 'video/webm'],
    ] as const) {
      expect(videoProblem(fakeFile(name, type))).toBeNull();
    }
    expect(videoProblem(fakeFile('a.mkv', 'video/x-matroska'))).toEqual({ code: 'video_type' });
    expect(videoProblem(fakeFile('a.mp4', 'video/mp4', tenMb + 1))).toEqual({
      code: 'video_too_large',
    });
  });

  it('needs at least one image or a video', () => {
    expect(mediaMissing(0, null)).toEqual({ code: 'post_media_required' });
    expect(mediaMissing(1, null)).toBeNull();
    expect(mediaMissing(0, fakeFile('a.mp4', 'video/mp4'))).toBeNull();
  });
});
