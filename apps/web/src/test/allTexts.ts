import type { Resource, ResourceLanguage } from 'i18next';
import { withContractTexts } from '../i18n/contractTexts';

const files = import.meta.glob<Record<string, unknown>>('../i18n/*.json', {
  eager: true,
  import: 'default',
});

/** Every translation file at once, as the app would have them after loading each one. */
export function allTexts(): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, texts] of Object.entries(files)) {
    const [, namespace = 'translation', language] =
      /\/(?:([\w-]+)\.)?(\w+)\.json$/.exec(path) ?? [];
    if (!language) continue;
    const forLanguage = (resources[language] ??= {});
    forLanguage[namespace] =
      namespace === 'translation' ? withContractTexts(language, texts) : texts;
  }
  return resources;
}
