import { describe, expect, it } from 'vitest';
import directoryEn from './directory.en.json';
import directoryHi from './directory.hi.json';
import idcardEn from './idcard.en.json';
import idcardHi from './idcard.hi.json';
import vaultEn from './vault.en.json';
import vaultHi from './vault.hi.json';

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`];
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      keys(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

describe('vault, ID card and directory texts', () => {
  it('gives Hindi every English text, list lengths included', () => {
    expect(keys(vaultHi)).toEqual(keys(vaultEn));
    expect(keys(idcardHi)).toEqual(keys(idcardEn));
    expect(keys(directoryHi)).toEqual(keys(directoryEn));
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
