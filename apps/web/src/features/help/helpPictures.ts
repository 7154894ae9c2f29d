/** The help carousel's pictures (public/help): small SVGs, kept on the phone for offline help. */
export const helpSlides = [
  { src: '/help/call-team.svg', textKey: 'slides.team' },
  { src: '/help/location-pin.svg', textKey: 'slides.location' },
  { src: '/help/sos.svg', textKey: 'slides.sos' },
] as const;

/**
 * The service worker's runtime cache for them (apps/web/vite.config.ts, 'help-pictures'):
 * the page fills it too, as the worker is not yet in charge on the first visit.
 */
export const helpPicturesCache = 'help-pictures';
