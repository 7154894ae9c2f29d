// @vitest-environment node
import { describe, expect, it } from 'vitest';
import directoryEn from './directory.en.json';
import idcardEn from './idcard.en.json';
import vaultEn from './vault.en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`];
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      keys(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

const files = import.meta.glob<{ default: unknown }>('./*.*.json', { eager: true });
const namespaces = [
  ...new Set(Object.keys(files).map((path) => path.replace(/^\.\/|\.\w+\.json$/g, ''))),
];

describe('feature namespaces', () => {
  it.each(namespaces)('%s gives Hindi every English text, list lengths included', (ns) => {
    const english = files[`./${ns}.en.json`]?.default;
    const hindi = files[`./${ns}.hi.json`]?.default;
    expect(english).toBeDefined();
    expect(keys(hindi)).toEqual(keys(english));
  });

  it('finds the namespaces the screens use', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['vault', 'idcard', 'directory', 'admin']));
  });

  it("keeps the spec's English wording", () => {
    expect(vaultEn.list.deleteConfirm).toBe('Are you sure you want to delete this document?');
    expect(vaultEn.password.required).toBe('Please enter your password');
    expect(vaultEn.list.fetchFailed).toBe('Failed to fetch documents');
    expect(vaultEn.add.failed).toBe('Failed to add document');
    expect(vaultEn.list.deleteFailed).toBe('Failed to delete document');
    expect(idcardEn.apply).toBe('Apply for Id card');
    expect(idcardEn.view).toBe('View ID Card');
    expect(idcardEn.form.failed).toBe('Failed to apply: {{message}}');
    expect(idcardEn.card.expired).toBe('EXPIRED');
    expect(directoryEn.business.fetchFailed).toBe('Failed to fetch businesses');
    expect(directoryEn.business.empty).toBe('No businesses available at the moment.');
  });
});
