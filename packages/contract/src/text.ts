import { z } from 'zod';
import { coded } from './coded.js';
import type { MessageCode } from './messages.js';

type StringParams = Parameters<typeof z.string>[0];

export const textMessages = {
  text_characters_invalid:
    'Some of the text has characters that cannot be used. Please type it again.',
} as const;

// C0 control characters and DEL: no keyboard types them, PostgreSQL refuses NUL in text, and
// the rest can hide text in logs and screens. Tab and line breaks stay where text has lines.
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const controlInLine = /[\u0000-\u001f\u007f]/;
const controlInLines = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
// Half of a UTF-16 pair alone cannot be stored as UTF-8: it would turn into U+FFFD silently.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds no character refused by `textInput` (or `multilineInput`). */
export const isCleanText = (value: string, { lines = false } = {}) =>
  !(lines ? controlInLines : controlInLine).test(value) && !loneSurrogate.test(value);

/**
 * Every text a client sends (JSON bodies, path and query parameters, multipart fields) is
 * one of these, so a character the database or a reader cannot take is refused with 400.
 * Takes z.string's parameters (the error for a value that is not a string at all).
 */
export const textInput = (params?: StringParams) =>
  z.string(params).refine((v) => isCleanText(v), coded('text_characters_invalid'));

/** Text that may span lines (a comment, a caption): tab, LF and CR are allowed. */
export const multilineInput = (params?: StringParams) =>
  z.string(params).refine((v) => isCleanText(v, { lines: true }), coded('text_characters_invalid'));

/**
 * The optional Hindi twin of a name the team enters (issue #16): blank or absent becomes null,
 * and readers in Hindi then see the English name.
 */
export const optionalHindiName = (max: number, tooLong: MessageCode) =>
  textInput()
    .trim()
    .max(max, coded(tooLong))
    .nullish()
    .transform((v) => (v ? v : null));
