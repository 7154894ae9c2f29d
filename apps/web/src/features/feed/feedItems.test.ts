// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { newProduct } from '../../test/renderWithProviders';
import { feedItems } from './feedItems';

const image = { url: '/media/a.webp', width: 1080, height: 1920 };

describe('feed items', () => {
  it('gives a video post one item and each image one more', () => {
    const items = feedItems([newProduct({ images: [image, image] })]);
    expect(items.map((item) => item.kind)).toEqual(['video', 'image', 'image']);
  });

  it('shows an image-only post as its images, and a post shared first only once', () => {
    const shared = newProduct({ video: null, images: [image] });
    const items = feedItems([shared, shared]);
    expect(items.map((item) => item.kind)).toEqual(['image']);
  });
});
