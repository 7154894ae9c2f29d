import type { ParseKeys } from 'i18next';
import type { MessageCode, NotificationKind, NotificationNotice } from '@saathi/contract';
import type account from './account.en.json';
import type accountHi from './account.hi.json';
import type adminContent from './admin-content.en.json';
import type adminContentHi from './admin-content.hi.json';
import type adminReports from './admin-reports.en.json';
import type adminReportsHi from './admin-reports.hi.json';
import type admin from './admin.en.json';
import type adminHi from './admin.hi.json';
import type adminHelp from './adminHelp.en.json';
import type adminHelpHi from './adminHelp.hi.json';
import type dataSaver from './dataSaver.en.json';
import type dataSaverHi from './dataSaver.hi.json';
import type directory from './directory.en.json';
import type directoryHi from './directory.hi.json';
import type driveSafe from './driveSafe.en.json';
import type driveSafeHi from './driveSafe.hi.json';
import type common from './en.json';
import type help from './help.en.json';
import type helpHi from './help.hi.json';
import type commonHi from './hi.json';
import type idcard from './idcard.en.json';
import type idcardHi from './idcard.hi.json';
import type location from './location.en.json';
import type locationHi from './location.hi.json';
import type salah from './salah.en.json';
import type salahHi from './salah.hi.json';
import type vault from './vault.en.json';
import type vaultHi from './vault.hi.json';
import type verification from './verification.en.json';
import type verificationHi from './verification.hi.json';
import type voice from './voice.en.json';
import type voiceHi from './voice.hi.json';

/** The same keys, nested alike, with any texts. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/**
 * The English file's type, once the Hindi one has exactly its keys: a key missing from either
 * fails the typecheck here, naming the file and the key.
 */
type Pair<English extends Shape<Hindi>, Hindi extends Shape<English>> = English;

/** Server messages: English from the contract (en.json adds the app's own), Hindi in hi.json. */
type Errors = Record<MessageCode, string> & (typeof common)['errors'];

/** The common texts as loaded (contractTexts.ts): the contract adds messages and notices. */
type Common = Pair<typeof common & { errors: Errors }, typeof commonHi> & {
  notifications: {
    kind: Record<NotificationKind, string>;
    notice: Record<NotificationNotice, string>;
  };
};

/** Every namespace, named as its file (`<namespace>.<language>.json`; en.json is `translation`). */
export interface Resources {
  translation: Common;
  account: Pair<typeof account, typeof accountHi>;
  'admin-content': Pair<typeof adminContent, typeof adminContentHi>;
  'admin-reports': Pair<typeof adminReports, typeof adminReportsHi>;
  admin: Pair<typeof admin, typeof adminHi>;
  adminHelp: Pair<typeof adminHelp, typeof adminHelpHi>;
  dataSaver: Pair<typeof dataSaver, typeof dataSaverHi>;
  directory: Pair<typeof directory, typeof directoryHi>;
  driveSafe: Pair<typeof driveSafe, typeof driveSafeHi>;
  help: Pair<typeof help, typeof helpHi>;
  idcard: Pair<typeof idcard, typeof idcardHi>;
  location: Pair<typeof location, typeof locationHi>;
  salah: Pair<typeof salah, typeof salahHi>;
  vault: Pair<typeof vault, typeof vaultHi>;
  verification: Pair<typeof verification, typeof verificationHi>;
  voice: Pair<typeof voice, typeof voiceHi>;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
  }
}

/** A text's key in one namespace, for tables and props that hand a key to t(). */
export type TextKey<Ns extends keyof Resources = 'translation'> = ParseKeys<Ns>;

/** Any text's key as the global i18n.t takes it: `<namespace>:<key>` outside the common texts. */
export type AnyTextKey = ParseKeys<['translation', ...Exclude<keyof Resources, 'translation'>[]]>;

/** A code the app has a text for (`errors.<code>`). */
export type ErrorCode = keyof Common['errors'];
