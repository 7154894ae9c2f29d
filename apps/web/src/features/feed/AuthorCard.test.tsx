import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { followKeys } from '../../api/keys/followKeys';
import { silentFetch } from '../../test/renderRoute';
import { authorId, newProduct, renderWithProviders } from '../../test/renderWithProviders';
import { AuthorCard } from './AuthorCard';

function knowStats(followersCount: number, followingCount: number) {
  queryClient.setQueryData(followKeys.stats(authorId), {
    success: true,
    followersCount,
    followingCount,
  });
}

describe('author card counts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('says one follower, not one followers', async () => {
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    knowStats(1, 3);
    renderWithProviders(<AuthorCard author={newProduct().user} />);
    expect(await screen.findByText('1 follower · 3 following')).toBeInTheDocument();
  });

  it('counts more than one in the plural', async () => {
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    knowStats(1500, 0);
    renderWithProviders(<AuthorCard author={newProduct().user} />);
    expect(await screen.findByText('1.5K followers · 0 following')).toBeInTheDocument();
  });
});
