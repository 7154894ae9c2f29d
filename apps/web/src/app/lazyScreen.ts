import type { ComponentType } from 'react';
import i18n from 'i18next';

/**
 * A route's `lazy` for a screen loaded when first opened, its translation namespaces fetched
 * beside its code (a namespace left out here still loads, a moment later, when the screen asks
 * for it). The entry chunk keeps only the app's frame: see docs/architecture.md.
 */
export const lazyScreen =
  (load: () => Promise<ComponentType>, namespaces: readonly string[] = []) =>
  async () => {
    const [Component] = await Promise.all([load(), i18n.loadNamespaces([...namespaces])]);
    return { Component };
  };
