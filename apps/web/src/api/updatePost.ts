import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@saathi/contract';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A whole post, not a reference to one: a notification carries `{ _id, posterUrl }` of its
 * post, which a change to the likes must leave alone.
 */
function isPost(value: Record<string, unknown>): value is Record<string, unknown> & Product {
  return typeof value.likedByMe === 'boolean' && typeof value.commentsCount === 'number';
}

/**
 * The value with the post `postId` changed wherever it sits inside; the very same value when
 * the post is not in it, so untouched answers keep their identity.
 */
function withPost(value: unknown, postId: string, change: (post: Product) => Product): unknown {
  if (Array.isArray(value)) {
    const mapped = value.map((item) => withPost(item, postId, change));
    return mapped.some((item, index) => item !== value[index]) ? mapped : value;
  }
  if (!isPlainObject(value)) return value;
  if (value._id === postId && isPost(value)) return change(value);
  let changed: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = withPost(item, postId, change);
    if (next !== item) (changed ??= { ...value })[key] = next;
  }
  return changed ?? value;
}

/**
 * Applies one change to a post in every cached answer that holds it (feeds, a shared post,
 * one's own posts, profiles, whatever comes next) without knowing their shapes. Only the
 * answers that hold it are written, so no other query looks freshly fetched.
 */
export function updatePost(
  client: QueryClient,
  postId: string,
  change: (post: Product) => Product,
): void {
  for (const query of client.getQueryCache().getAll()) {
    const data: unknown = query.state.data;
    const next = withPost(data, postId, change);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}
