import type { QueryClient } from '@tanstack/react-query';
import { keepReadingOnPhone } from '../api/savedReading';
import { adoptFirstPage, startedVideoShown } from '../features/feed/firstPage';

/**
 * What the first screen shows before it fetches anything, in one chunk beside the first
 * screen's (the entry stays small): the copy saved on the phone, then the fresher first page
 * of the feed when the server put one in the page. Resolves once the first render may
 * replace the page's frame (its video has shown a picture).
 */
export function restoreFirstData(client: QueryClient): Promise<void> {
  keepReadingOnPhone(client);
  adoptFirstPage(client);
  return startedVideoShown();
}
