import { useEffect, useRef, useState } from 'react';
import type { HelpRequestInput } from '@saathi/contract';
import { sendHelp, type HelpOutcome } from './outbox';

/**
 * With no answer by then, the driver gets the phone's own ways to reach help. The promise is
 * 'within 10 s'; 8 s leaves room for a slow phone to draw them.
 */
export const noAnswerFallbackMs = 8_000;

export interface HelpSend {
  send: (body: HelpRequestInput) => void;
  /** One request at a time: a second tap while the first waits sends nothing. */
  pending: boolean;
  /** Offline, no answer in time, or queued: show the call and SMS links. */
  stalled: boolean;
}

/**
 * Sends a help or SOS request through the outbox (kept on the phone until confirmed) and
 * says when the driver should be offered the phone's own ways: at once without a network,
 * else `noAnswerFallbackMs` after sending without an answer.
 */
export function useHelpSend(onOutcome: (outcome: HelpOutcome) => void): HelpSend {
  const [pending, setPending] = useState(false);
  const [stalled, setStalled] = useState(false);
  const inFlight = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const report = useRef(onOutcome);
  useEffect(() => {
    report.current = onOutcome;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const send = (body: HelpRequestInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    if (!navigator.onLine) setStalled(true);
    timer.current = window.setTimeout(() => setStalled(true), noAnswerFallbackMs);
    void sendHelp(body).then((outcome) => {
      window.clearTimeout(timer.current);
      inFlight.current = false;
      setPending(false);
      // A confirmed request needs no fallback; one still waiting keeps it on screen.
      setStalled(outcome.kind === 'waiting');
      report.current(outcome);
    });
  };

  return { send, pending, stalled };
}
