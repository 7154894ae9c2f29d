import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../log.js';
import { maskPhone } from '@saathi/contract';

export interface SmsMessage {
  to: string;
  text: string;
  sentAt: string;
}

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * Development sender: nothing leaves the machine. Each message goes to an outbox file
 * (and an in-memory list the tests read). The log line names the file, never the text: a
 * reset link is a live key to the account for 15 minutes, and logs travel further than a
 * file only its owner may read.
 */
export function outboxSmsSender(file: string, log: Logger) {
  const sent: SmsMessage[] = [];
  const sender: SmsSender & { sent: SmsMessage[] } = {
    sent,
    async send(to, text) {
      const message = { to, text, sentAt: new Date().toISOString() };
      sent.push(message);
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify(message)}\n`, { mode: 0o600 });
      log.info({ to: maskPhone(to), outbox: file }, 'SMS written to the development outbox');
    },
  };
  return sender;
}

/** A real gateway: POST { to, text } as JSON with a bearer token. */
export function httpSmsSender(url: string, token: string | undefined): SmsSender {
  return {
    async send(to, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
