import type { OfflineFigures, Verdict } from './offline-help.js';
import type { SosFigures } from './sos-stalled.js';
import { cutSeconds, type UploadFigures } from './upload-cut.js';

export interface ResilienceReport {
  sos: SosFigures;
  upload: UploadFigures;
  offline: OfflineFigures;
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const line = (name: string, value: string) => out(`  ${name.padEnd(56)}${value}`);
const sec = (s: number | null) => (s === null ? 'never' : `${s.toFixed(1)} s`);
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const yes = (b: boolean) => (b ? 'yes' : 'no');
const shown = (v: Verdict) => (v.ok ? 'real team numbers' : `NO: ${v.seen}`);

/** Help, SOS and posting on a bad network (issue 13's goals); figures, no verdict. */
export function printResilience({ sos, upload, offline }: ResilienceReport): void {
  out('Help, SOS and posting on a bad network (phone-sized Chromium, demo driver):');
  out('SOS on a link that never answers (the POST held, then let through):');
  line('countdown end to fallback links (goal <= 10 s)', sec(sos.fallbackSec));
  line(
    'links shown',
    `${sos.links.team} team tel:, sms: ${yes(sos.links.sms)}, tel:112 ${yes(sos.links.emergency)}`,
  );
  line('link back: SOS requests in the console (goal 1)', String(sos.requests));
  line('  asks merged into them (1 = sent once)', String(sos.repeats));
  line('  first in the console after the release', sec(sos.deliveredSec));
  out(`${mb(upload.fileBytes)} video on Slow 3G, relay cut at 50% for ${cutSeconds} s:`);
  line('post created', yes(upload.created));
  line('relay cut (the upload reached half)', yes(upload.cut));
  line('total from the Upload press', sec(upload.totalSec));
  line(
    'bytes up through the relay / file size (goal <= 1.1x)',
    `${mb(upload.bytesUp)} / ${mb(upload.fileBytes)} = ${(upload.bytesUp / upload.fileBytes).toFixed(2)}x`,
  );
  out(`Offline after one visit of the feed (${offline.teamCount} team numbers from the API):`);
  line('team numbers and worker on the phone, on the feed', sec(offline.keptSec));
  line('Help (/help)', shown(offline.help));
  line('SOS fallback (/emergency)', shown(offline.sos));
  line('Call Our Team', shown(offline.team));
  out();
}
