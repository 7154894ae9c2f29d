/** Spec 000 section 2: the bar is hidden on the sign-in, sign-up, reset, terms and privacy paths. */
const hiddenPaths = new Set([
  '/login',
  '/register',
  '/user/register',
  '/end/user/register',
  '/end/user/login',
  '/forgot-password',
  '/terms',
  '/privacy',
]);

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isNavVisible(pathname: string, hasToken: boolean): boolean {
  if (!hasToken) return false;
  const path = normalize(pathname);
  // The ID card check page is opened by whoever scans the QR code: no app navigation there.
  return (
    !hiddenPaths.has(path) &&
    !path.startsWith('/reset-password/') &&
    !path.startsWith('/driver-id/')
  );
}
