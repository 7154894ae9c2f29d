// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import en from './en.json';
import hi from './hi.json';

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => keys(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      keys(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

describe('translations', () => {
  it('gives Hindi every English text', () => {
    expect(keys(hi).filter((key) => !key.startsWith('errors.'))).toEqual(
      keys(en).filter((key) => !key.startsWith('errors.')),
    );
  });

  it('translates every server message code into Hindi', () => {
    const missing = Object.keys(messages).filter((code) => !(code in hi.errors));
    expect(missing).toEqual([]);
  });

  it('has the privacy policy in 11 sections and the terms in 9', () => {
    expect(en.legal.privacy.sections).toHaveLength(11);
    expect(hi.legal.privacy.sections).toHaveLength(11);
    expect(en.legal.terms.sections).toHaveLength(9);
    expect(hi.legal.terms.sections).toHaveLength(9);
  });
});
