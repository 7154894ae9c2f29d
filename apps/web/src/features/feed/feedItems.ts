import type { Product } from '@saathi/contract';

export type PostImage = Product['images'][number];

export type FeedItem =
  | { kind: 'video'; key: string; post: Product }
  | { kind: 'image'; key: string; post: Product; image: PostImage; index: number };

/** Spec: each video post yields one item, and each image of a post one further item. */
export function feedItems(posts: readonly Product[]): FeedItem[] {
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const post of posts) {
    // A shared post is put first and may arrive again in a page: show it once.
    if (seen.has(post._id)) continue;
    seen.add(post._id);
    if (post.video) items.push({ kind: 'video', key: `${post._id}:video`, post });
    post.images.forEach((image, index) =>
      items.push({ kind: 'image', key: `${post._id}:image:${index}`, post, image, index }),
    );
  }
  return items;
}
