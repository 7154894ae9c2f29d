import { ComingSoon } from './ComingSoon';

export function NotFound() {
  return <ComingSoon titleKey="screens.notFound" textKey="errors.route_not_found" />;
}
