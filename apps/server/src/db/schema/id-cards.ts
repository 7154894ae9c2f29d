import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One card per user; the number is assigned by the server and unique. */
export const idCards = pgTable('id_cards', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  cardNo: text('card_no').notNull().unique(),
  name: text('name').notNull(),
  fatherName: text('father_name').notNull(),
  designation: text('designation').notNull(),
  mobile: text('mobile').notNull(),
  dlNo: text('dl_no').notNull(),
  policeStation: text('police_station').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  bloodGroup: text('blood_group').notNull(),
  dob: date('dob', { mode: 'string' }).notNull(),
  memberAddress: text('member_address').notNull(),
  photoKey: text('photo_key').notNull(),
  issueDate: date('issue_date', { mode: 'string' }).notNull(),
  expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
