// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  businessInput,
  followCalls,
  geoReverseQuery,
  idCardCalls,
  issueCode,
  messages,
  personName,
  phoneNumber,
  resetPasswordBody,
  textInput,
  updateLocationBody,
  type MessageCode,
} from '@saathi/contract';
import { invalidField } from './errors.js';

const firstCode = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to be refused');
  return issueCode(parsed.error.issues[0]);
};

// One case for each kind of check the contract codes: zod keeps `params` by itself only on
// custom issues, so a zod release that stopped carrying the code of a built-in check fails here.
describe('contract checks carry their message code on the zod issue', () => {
  it.each<[string, z.ZodType, unknown, MessageCode]>([
    ['min length', personName, 'A', 'name_length'],
    ['max length', personName, 'A'.repeat(31), 'name_length'],
    ['a required text left blank', personName, '   ', 'name_required'],
    ['a value of the wrong type', personName, 5, 'invalid_input'],
    ['refine (control characters)', textInput(), 'a\u0000b', 'text_characters_invalid'],
    ['addIssue in a transform', phoneNumber, '12345', 'number_invalid'],
    [
      'refine on an object, with a path',
      resetPasswordBody,
      { password: 'long enough', confirmPassword: 'other' },
      'passwords_mismatch',
    ],
    ['uuid', followCalls.follow.params, { userId: 'not-a-uuid' }, 'user_not_found'],
    ['regex', idCardCalls.verify.params, { cardNo: '12' }, 'card_not_found'],
    ['enum', businessInput, { name: 'Shop', category: 'nothing' }, 'business_category_required'],
    ['a missing query value', geoReverseQuery, { lon: '1' }, 'lat_required'],
    ['a number out of range', geoReverseQuery, { lat: '91', lon: '1' }, 'lat_range'],
    [
      'an ISO time',
      updateLocationBody,
      { latitude: 1, longitude: 1, recordedAt: 'yesterday' },
      'location_recorded_at_invalid',
    ],
  ])('%s', (_label, schema, value, code) => {
    expect(firstCode(schema, value)).toBe(code);
  });

  it("has no code on zod's own checks", () => {
    expect(firstCode(z.object({ name: z.string() }), null)).toBeUndefined();
  });
});

describe('invalidField', () => {
  it('answers with the code the check left, in its text', () => {
    const parsed = personName.safeParse('A'.repeat(31));
    const error = invalidField(parsed.error?.issues[0]);
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'name_length',
      messages.name_length,
    ]);
  });

  it("never shows zod's own English: an uncoded issue is invalid_input", () => {
    const parsed = z.object({ name: z.string() }).safeParse(null);
    const error = invalidField(parsed.error?.issues[0]);
    expect([error.code, error.message]).toEqual(['invalid_input', messages.invalid_input]);
  });

  it('takes no code that is not a message code', () => {
    expect(invalidField({ params: { code: 'toString' } }).code).toBe('invalid_input');
  });
});
