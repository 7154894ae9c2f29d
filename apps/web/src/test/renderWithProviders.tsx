import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Product, SelfUser } from '@saathi/contract';
import { queryClient } from '../api/queryClient';
import { meKeys } from '../api/keys/meKeys';
import { Toaster } from '../ui/Toaster';

/** One component with the app's providers and toasts, outside the route table. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const viewerId = '1f0e2d3c-4b5a-4968-8776-655443322110';
export const authorId = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const postId = '3b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e';

/** Makes the signed-in viewer known without a /me call. */
export function knowViewer(): void {
  const user: SelfUser = {
    _id: viewerId,
    name: 'Ramesh Kumar',
    number: '+919000000002',
    usertype: 'driver',
    profileImage: { url: '/default-avatar.svg' },
    createdAt: '2025-01-01T00:00:00.000Z',
    remindSalah: 'off',
    showNumber: false,
    verification: 'verified',
    block: { status: 'false', blockedAt: null, reason: null },
  };
  queryClient.setQueryData(meKeys.all, { success: true, user });
}

export function newProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: postId,
    title: 'Jam near Panvel',
    caption: 'Jam near Panvel',
    location: 'Panvel',
    emergency: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    status: 'ready',
    failureReason: null,
    likes: 0,
    likedByMe: false,
    commentsCount: 0,
    video: {
      url: '/media/public/posts/p/video.mp4',
      posterUrl: '/media/public/posts/p/poster.jpg',
      posterSmallUrl: '/media/public/posts/p/poster-small.webp',
      duration: 3,
      width: 720,
      height: 1280,
      renditions: [
        { url: '/media/public/posts/p/video.mp4', width: 720, height: 1280, kbps: 1596 },
      ],
    },
    images: [],
    user: {
      _id: authorId,
      name: 'Suresh Yadav',
      usertype: 'driver',
      profileImage: { url: '/default-avatar.svg' },
    },
    ...overrides,
  };
}
