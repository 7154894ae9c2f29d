/** Spec: local storage key viewedVideos holds the list of watched video ids. */
export const viewedVideosKey = 'viewedVideos';
/** A phone's storage is small and this list only grows: keep the most recent ones. */
export const viewedVideosMax = 500;

export function readViewedVideos(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(viewedVideosKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Moves the id to the end (most recent) and drops the oldest beyond the cap. */
export function markVideoViewed(id: string): void {
  const list = readViewedVideos().filter((seen) => seen !== id);
  list.push(id);
  try {
    localStorage.setItem(viewedVideosKey, JSON.stringify(list.slice(-viewedVideosMax)));
  } catch {
    // Storage full or disabled (private mode): watching must still work.
  }
}
