import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { z } from 'zod';
import { messages, personName } from '@saathi/contract';
import hi from '../i18n/hi.json';
import { ApiError } from './errors';
import { answerText, errorText, issueText } from './errorText';
import { storedReasonText } from './storedReasonText';

// In Hindi, so a text that came through untranslated (the server's English) shows up.
describe('server answers are shown by their code', () => {
  beforeEach(() => i18n.changeLanguage('hi'));
  afterEach(() => i18n.changeLanguage('en'));

  it('a refusal by its code', () => {
    const refused = new ApiError(400, messages.name_length, 'name_length');
    expect(errorText(refused, 'profile.loadUserFailed')).toBe(hi.errors.name_length);
  });

  it('a refusal without a code: the screen fallback, never the English text', () => {
    const refused = new ApiError(400, messages.name_length);
    expect(errorText(refused, 'profile.loadUserFailed')).toBe(hi.profile.loadUserFailed);
  });

  it('a success answer by its code', () => {
    const answer = { message: messages.profile_updated, code: 'profile_updated' };
    expect(answerText(answer)).toBe(hi.errors.profile_updated);
  });

  it("a contract check that failed in the browser by its code; zod's own as invalid_input", () => {
    expect(issueText(personName.safeParse('A').error?.issues[0])).toBe(hi.errors.name_length);
    const own = z.object({ name: z.string() }).safeParse(null).error?.issues[0];
    expect(issueText(own)).toBe(hi.errors.invalid_input);
  });

  it('a stored failure reason by its template, values kept', () => {
    const stored = messages.media_too_long.replace('{{minutes}}', '3');
    expect(storedReasonText(stored)).toBe(hi.errors.media_too_long.replace('{{minutes}}', '3'));
  });

  it('matches stored failure reasons only, not every server text', () => {
    expect(storedReasonText(messages.name_length)).toBe(messages.name_length);
  });
});
