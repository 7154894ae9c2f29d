import { businessCategories, type BusinessCategory } from '@saathi/contract';
import type { TFunction } from 'i18next';

const isListed = (category: string): category is BusinessCategory =>
  (businessCategories as readonly string[]).includes(category);

/**
 * A category from the list in the reader's language; a text saved before the list existed
 * is shown as the team wrote it. `t` reads the 'directory' texts.
 */
export function categoryLabel(category: string, t: TFunction<'directory'>): string {
  return isListed(category) ? t(`business.category.${category}`) : category;
}
