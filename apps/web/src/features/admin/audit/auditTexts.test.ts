// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { auditActions, auditTargetTypes } from '@saathi/contract';
import en from '../../../i18n/admin.en.json';
import hi from '../../../i18n/admin.hi.json';

describe('audit log texts', () => {
  it('names every action the server records, in English and Hindi', () => {
    for (const texts of [en, hi]) {
      const names: Record<string, string> = texts.audit.actions;
      expect(auditActions.filter((action) => !names[action])).toEqual([]);
    }
  });

  it('names every kind of target', () => {
    for (const texts of [en, hi]) {
      const names: Record<string, string> = texts.audit.targets;
      expect(auditTargetTypes.filter((type) => !names[type])).toEqual([]);
    }
  });
});
