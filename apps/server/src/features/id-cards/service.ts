import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Logger } from '../../log.js';
import {
  cardRefusal,
  normalizeIndianMobile,
  said,
  type cardApplicationFields,
  type DriverCard,
} from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Forbidden, HttpError, Invalid, NotFound } from '../../http/errors.js';
import type { CheckedUpload, UploadTarget } from '../../media/checked-upload.js';
import { MediaRejectedError } from '../../media/errors.js';
import { mediaUrl } from '../../storage/media-url.js';
import { readAll, type Storage } from '../../storage/storage.js';
import { storeAvatar } from '../profiles/index.js';
import { cardByMobile, cardOfUser, insertCard, verifiableCard, type CardRow } from './queries.js';

/** Dates of a card are Indian dates: a card issued at 01:00 IST is issued that day, not the day before in UTC. */
const indianDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
const today = () => indianDate.format(new Date());
function plusOneYear(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** Valid through the expiry date itself (spec: 'valid while the expiry date is today or later'). */
export const isValid = (card: CardRow) => card.expiryDate >= today();

export function createIdCardService(deps: {
  db: Db;
  storage: Storage;
  log: Logger;
  publicUrl: string;
}) {
  const { db } = deps;

  const present = (card: CardRow): DriverCard => ({
    _id: card.id,
    userId: card.userId,
    cardNo: card.cardNo,
    name: card.name,
    fatherName: card.fatherName,
    designation: card.designation,
    mobile: card.mobile,
    dlNo: card.dlNo,
    policeStation: card.policeStation,
    city: card.city,
    state: card.state,
    bloodGroup: card.bloodGroup,
    dob: card.dob,
    memberAddress: card.memberAddress,
    photoUrl: mediaUrl(card.photoKey),
    issueDate: card.issueDate,
    expiryDate: card.expiryDate,
    verifyUrl: `${deps.publicUrl}/driver-id/${card.cardNo}`,
  });

  /**
   * A card holds father's name, address, birth date and blood group: its holder and admins
   * only. Someone else's card answers as no card, so a lookup cannot tell whether one exists.
   */
  function mayRead(viewer: Viewer, card: CardRow | undefined): CardRow {
    if (!card || (card.userId !== viewer.user.id && viewer.user.usertype !== 'admin'))
      throw NotFound('card_not_found');
    return card;
  }

  return {
    /** Where a card's photo waits while it is made into the card's picture (then it goes). */
    photoUploads: {
      storage: deps.storage,
      folder: (id) => `uploads/cards/${id}`,
    } satisfies UploadTarget,

    /** Before the photo is read: only a verified driver may apply. */
    async mayApply(viewer: Viewer) {
      const refusal = cardRefusal(viewer.user);
      if (refusal) throw Forbidden(refusal);
    },

    /**
     * One card per user: applying again answers the existing card. The number is drawn by the
     * server from 10000-99999 and retried on a clash, so two drivers never share one.
     */
    async apply(viewer: Viewer, upload: CheckedUpload<z.output<typeof cardApplicationFields>>) {
      const existing = await cardOfUser(db, viewer.user.id);
      let photoKey: string | undefined;
      try {
        if (existing) {
          return { success: true as const, ...said('card_exists'), card: present(existing) };
        }
        const { userId, ...fields } = upload.fields;
        if (userId !== undefined && userId !== viewer.user.id) throw Forbidden('card_not_yours');
        const photo = upload.files[0];
        // Checked here, not by the contract: applying again answers the existing card without one.
        if (!photo) throw Invalid('card_photo_required');
        try {
          photoKey = await storeAvatar(deps.storage, `cards/${viewer.user.id}`, {
            bytes: await readAll(deps.storage, photo.key),
            mime: photo.mime,
          });
        } catch (error) {
          if (error instanceof MediaRejectedError) throw Invalid('card_photo_type', error.message);
          throw error;
        }
        const issueDate = today();
        for (let attempt = 0; attempt < 20; attempt++) {
          const row = await insertCard(db, {
            ...fields,
            mobile: normalizeIndianMobile(fields.mobile) ?? fields.mobile,
            id: randomUUID(),
            userId: viewer.user.id,
            cardNo: String(randomInt(10000, 100000)),
            photoKey,
            issueDate,
            expiryDate: plusOneYear(issueDate),
          });
          if (row !== 'taken')
            return { success: true as const, ...said('card_issued'), card: present(row) };
          // Taken: either this user's card appeared meanwhile (a double tap), or the number.
          const mine = await cardOfUser(db, viewer.user.id);
          if (mine) {
            await deps.storage.delete(photoKey);
            return { success: true as const, ...said('card_exists'), card: present(mine) };
          }
        }
        throw new HttpError(503, 'server_error');
      } catch (error) {
        if (photoKey) await deps.storage.delete(photoKey);
        throw error;
      }
    },

    async byUser(viewer: Viewer, userId: string) {
      return {
        success: true as const,
        card: present(mayRead(viewer, await cardOfUser(db, userId))),
      };
    },

    async byMobile(viewer: Viewer, mobile: string) {
      const normalized = normalizeIndianMobile(mobile) ?? mobile;
      return {
        success: true as const,
        card: present(mayRead(viewer, await cardByMobile(db, normalized))),
      };
    },

    /**
     * For whoever scans the QR code: only what a checker needs, nothing private. Limited per
     * IP by its contract call, so card numbers cannot be walked.
     */
    async verify(cardNo: string) {
      const card = await verifiableCard(db, cardNo);
      if (!card) throw NotFound('card_not_found');
      return {
        success: true as const,
        card: {
          cardNo: card.cardNo,
          name: card.name,
          designation: card.designation,
          photoUrl: mediaUrl(card.photoKey),
          expiryDate: card.expiryDate,
          valid: isValid(card),
        },
      };
    },
  };
}

export type IdCardService = ReturnType<typeof createIdCardService>;
