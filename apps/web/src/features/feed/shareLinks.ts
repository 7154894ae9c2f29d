/** The link of a post: the feed opens with that post first. */
export function postLink(postId: string, origin = window.location.origin): string {
  return `${origin}/?v=${encodeURIComponent(postId)}`;
}

export const whatsappShareUrl = (link: string) => `https://wa.me/?text=${encodeURIComponent(link)}`;

export const facebookShareUrl = (link: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`;

/** Opens a share page in a new tab without giving it a handle on this one. */
export function openShareTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export const canShareNatively = (): boolean => typeof navigator.share === 'function';

/** The phone's own share sheet; a dismissed sheet is not an error. */
export async function shareNatively(data: ShareData): Promise<void> {
  try {
    await navigator.share(data);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    throw error;
  }
}
