import type { BackendModule } from 'i18next';

type Texts = Record<string, unknown>;

/**
 * Every translation file becomes its own chunk: a phone downloads its language's common texts
 * (`<language>.json`, the `translation` namespace) at start, and a feature's
 * (`<namespace>.<language>.json`) only when a screen that uses it opens.
 */
const files = import.meta.glob<Texts>('./*.json', { import: 'default' });

export function textsFile(language: string, namespace: string): string {
  return namespace === 'translation' ? `./${language}.json` : `./${namespace}.${language}.json`;
}

export async function loadTexts(language: string, namespace: string): Promise<Texts> {
  const load = files[textsFile(language, namespace)];
  if (!load) throw new Error(`No ${namespace} texts in ${language}`);
  if (namespace !== 'translation') return load();
  const [texts, { withContractTexts }] = await Promise.all([load(), import('./contractTexts')]);
  return withContractTexts(language, texts);
}

/**
 * i18next's backend: hands each (language, namespace) it needs to loadTexts. A file that exists
 * but did not arrive (a dropped connection) is asked for again, as i18next does a few times.
 */
export const textsBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    loadTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) =>
        callback(
          error instanceof Error ? error : new Error(String(error)),
          textsFile(language, namespace) in files,
        ),
    );
  },
};
