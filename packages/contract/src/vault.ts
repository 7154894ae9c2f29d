import { z } from 'zod';
import { multilineInput, textInput } from './text.js';
import { defineCall } from './call.js';
import { limits } from './limits.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';
import { fileBody } from './common.js';
import { documentFileTypes } from './file-rules.js';

export const documentTypes = [
  'Aadhar',
  'Driving License',
  'PAN Card',
  'Passport',
  'Voter ID',
  'Other',
] as const;
export const documentType = z.enum(documentTypes, coded('document_type_invalid'));

/** The header that carries the short-lived vault token after the password was re-entered. */
export const vaultTokenHeader = 'x-vault-token';

export const personalDocument = z.object({
  _id: z.uuid(),
  documentType,
  documentName: z.string(),
  description: z.string(),
  /** An authorised route (vault token required), never a public path. */
  file: z.object({ url: z.string(), mime: z.string(), bytes: z.number().int(), name: z.string() }),
  /** YYYY-MM-DD, when the paper itself expires (driving licence, insurance...). */
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
});
export type PersonalDocument = z.infer<typeof personalDocument>;

const userIdField = z.uuid(coded('vault_not_yours'));
const password = textInput(coded('vault_password_required'))
  .min(1, coded('vault_password_required'))
  .max(limits.passwordMax, coded('password_long'));

export const vaultUserParam = z.object({ userId: userIdField });
export const documentIdParam = z.object({ docId: z.uuid(coded('document_not_found')) });

export const unlockResponse = z.object({
  success: z.literal(true),
  vaultToken: z.string(),
  /** ISO time the unlock ends; the client locks itself then. */
  expiresAt: z.string(),
});

/** Text fields of POST /api/personal-documents/add; the file rides as `document`. */
export const addDocumentFields = z.object({
  userId: userIdField.optional(),
  documentType,
  documentName: textInput(coded('document_fields_required'))
    .trim()
    .min(1, coded('document_fields_required'))
    .max(100),
  description: multilineInput()
    .trim()
    .max(500)
    .optional()
    .transform((v) => v ?? ''),
  expiresOn: textInput()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const vaultCalls = {
  verifyPassword: defineCall({
    method: 'POST',
    path: '/api/personal-documents/verify-password',
    summary: 'Re-enter the password to unlock the vault for 10 minutes',
    auth: 'user',
    body: z.object({ userId: userIdField.optional(), password }),
    response: unlockResponse,
  }),
  list: defineCall({
    method: 'POST',
    path: '/api/personal-documents/user/:userId',
    summary: "The caller's documents (vault token, or the password in the body)",
    auth: 'user',
    params: vaultUserParam,
    body: z.object({ password: password.optional() }),
    response: z.object({ success: z.literal(true), documents: z.array(personalDocument) }),
  }),
  count: defineCall({
    method: 'GET',
    path: '/api/personal-documents/count/:userId',
    summary: 'How many documents the caller keeps (for the badge; no unlock needed)',
    auth: 'user',
    params: vaultUserParam,
    response: z.object({ success: z.literal(true), count: z.number().int() }),
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/personal-documents/add',
    summary: 'Add a document (multipart; vault token required)',
    auth: 'user',
    multipart: {
      fields: addDocumentFields,
      files: {
        document: {
          maxBytes: limits.identityImageMaxBytes,
          accept: documentFileTypes,
          rejectCode: 'document_file_type',
          tooLargeCode: 'document_too_large',
          required: 'document_fields_required',
        },
      },
    },
    response: z.object({
      success: z.literal(true),
      ...saidFields,
      document: personalDocument,
    }),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/personal-documents/:docId',
    summary: 'Delete a document (vault token, or the password in the body)',
    auth: 'user',
    params: documentIdParam,
    body: z.object({ userId: userIdField.optional(), password: password.optional() }),
    response: z.object({ success: z.literal(true), ...saidFields }),
  }),
  file: defineCall({
    method: 'GET',
    path: '/api/personal-documents/file/:docId',
    summary: 'A vault file, decrypted, for its owner with a live vault token (x-vault-token)',
    auth: 'user',
    params: documentIdParam,
    response: fileBody,
    file: { disposition: 'inline' },
  }),
};

/** The web fetches the file itself: the vault token rides in a header, not in a link. */
export const vaultFilePath = vaultCalls.file.path;
