/** Where a post's processed video files live; process-post and the backfill write the same keys. */
export function postMediaKeys(postId: string) {
  const dir = `public/posts/${postId}`;
  return {
    video: `${dir}/video.mp4`,
    lowVideo: `${dir}/video-360.mp4`,
    poster: `${dir}/poster.jpg`,
    posterSmall: `${dir}/poster-small.webp`,
  };
}
