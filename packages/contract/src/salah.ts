import { z } from 'zod';
import { defineCall } from './call.js';
import { coded } from './coded.js';

export const salahMessages = {
  salah_value_invalid: "remindSalah must be 'on' or 'off'",
} as const;

export const remindSalah = z.enum(['on', 'off'], coded('salah_value_invalid'));

export const salahCalls = {
  update: defineCall({
    method: 'POST',
    path: '/api/v1/update/salah',
    summary: 'Switch the daily Dhuhr reminder on or off',
    auth: 'user',
    body: z.object({ remindSalah }),
    response: z.object({ success: z.literal(true), remindSalah }),
  }),
};
