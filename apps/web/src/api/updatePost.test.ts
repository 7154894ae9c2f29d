// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { newProduct, postId } from '../test/renderWithProviders';
import { commentKeys } from './keys/commentKeys';
import { postKeys } from './keys/postKeys';
import { profileKeys } from './keys/profileKeys';
import { notificationKeys } from './keys/notificationKeys';
import { updatePost } from './updatePost';

const otherId = '4c3d2e1f-0a9b-4c8d-9e7f-6a5b4c3d2e1f';
const liked = { likes: 1, likedByMe: true };

function cacheWithPost() {
  const client = new QueryClient();
  const post = newProduct();
  const other = newProduct({ _id: otherId });
  client.setQueryData(postKeys.feed(false), {
    pages: [{ products: [other, post], nextCursor: null }],
    pageParams: [null],
  });
  client.setQueryData(postKeys.one(postId), { success: true, product: post });
  client.setQueryData(postKeys.mine, { success: true, products: [post] });
  client.setQueryData(profileKeys.one('author'), { profile: { videos: [post], name: 'Asha' } });
  return { client, other };
}

describe('updatePost', () => {
  it('changes the post in every cached answer, whatever its shape', () => {
    const { client } = cacheWithPost();
    updatePost(client, postId, (post) => ({ ...post, ...liked }));
    expect(client.getQueryData(postKeys.feed(false))).toMatchObject({
      pages: [
        {
          products: [
            { _id: otherId, likes: 0 },
            { _id: postId, ...liked },
          ],
        },
      ],
    });
    expect(client.getQueryData(postKeys.one(postId))).toMatchObject({ product: liked });
    expect(client.getQueryData(postKeys.mine)).toMatchObject({ products: [liked] });
    expect(client.getQueryData(profileKeys.one('author'))).toMatchObject({
      profile: { videos: [liked], name: 'Asha' },
    });
  });

  it('leaves the other posts and the answers without the post as they were', () => {
    const { client, other } = cacheWithPost();
    const comments = { pages: [{ comments: [{ _id: 'c1', comment: 'Careful' }] }] };
    client.setQueryData(commentKeys.ofPost(postId), comments);
    const before = client.getQueryState(commentKeys.ofPost(postId))?.dataUpdatedAt;
    updatePost(client, postId, (post) => ({ ...post, ...liked }));
    const feed = client.getQueryData<{ pages: { products: unknown[] }[] }>(postKeys.feed(false));
    expect(feed?.pages[0]?.products[0]).toBe(other);
    expect(client.getQueryData(commentKeys.ofPost(postId))).toBe(comments);
    expect(client.getQueryState(commentKeys.ofPost(postId))?.dataUpdatedAt).toBe(before);
  });

  it('leaves a reference to the post (a notification) alone', () => {
    const client = new QueryClient();
    const reference = { _id: postId, posterUrl: '/poster.jpg' };
    client.setQueryData(notificationKeys.list, {
      pages: [{ notifications: [{ post: reference }] }],
    });
    updatePost(client, postId, (post) => ({ ...post, ...liked }));
    expect(client.getQueryData(notificationKeys.list)).toEqual({
      pages: [{ notifications: [{ post: reference }] }],
    });
  });
});
