import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { businesses, safetyCautions, teamContacts, users } from '../db/schema/index.js';
import { hashPassword } from '../auth/passwords.js';
import { loadSharp } from '../media/load-sharp.js';
import type { Storage } from '../storage/storage.js';
import { communityDrivers, communityPassword } from './community/script.js';

/** Listed in README.md. Demo only: SEED_DEMO=false in any real deployment. */
export const demoAccounts = [
  { usertype: 'admin', name: 'Saathi Admin', phone: '+919000000001', password: 'Admin@1234' },
  { usertype: 'driver', name: 'Ramesh Kumar', phone: '+919000000002', password: 'Driver@1234' },
  { usertype: 'user', name: 'Priya Sharma', phone: '+919000000003', password: 'User@1234' },
] as const;

/** Made-up partners: +91 90000 1xxxx numbers and example.com addresses reach nobody. */
export const demoBusinesses = [
  {
    name: 'Sharma Tyre & Puncture Works',
    nameHi: 'शर्मा टायर और पंक्चर वर्क्स',
    description:
      'Tubeless puncture repair, tyre change and wheel alignment for trucks. Open 24 hours.',
    address: 'NH48, near Kherki Daula Toll Plaza, Gurugram, Haryana 122004',
    phone: '+91 90000 10001',
    email: 'sharma.tyres@example.com',
    status: 'active',
    category: 'tyres',
  },
  {
    name: 'Sher-e-Punjab Family Dhaba',
    nameHi: 'शेर-ए-पंजाब फ़ैमिली ढाबा',
    description: 'Hot dal, rotis and chai around the clock, with safe parking for trucks and cabs.',
    address: 'GT Road (NH44), Murthal, Sonipat, Haryana 131027',
    phone: '+91 90000 10002',
    email: 'sherepunjab.dhaba@example.com',
    status: 'active',
    category: 'dhaba',
  },
  {
    name: 'Suraksha Transport Insurance',
    nameHi: 'सुरक्षा ट्रांसपोर्ट बीमा',
    description: 'Commercial vehicle and goods-in-transit cover; claim help in Hindi and English.',
    address: 'Sanjay Gandhi Transport Nagar, Delhi 110042',
    phone: '+91 90000 10003',
    email: 'suraksha.insurance@example.com',
    status: 'active',
    category: 'insurance',
  },
  {
    name: 'Highway Auto Service Centre',
    nameHi: 'हाईवे ऑटो सर्विस सेंटर',
    description: 'Engine, brake and clutch work for trucks, tempos and taxis; same-day service.',
    address: 'NH48, Sector 8, IMT Manesar, Gurugram, Haryana 122051',
    phone: '+91 90000 10004',
    email: 'highway.service@example.com',
    status: 'active',
    category: 'vehicle_service',
  },
  {
    name: 'Shree Balaji Fuel Station',
    nameHi: 'श्री बालाजी फ़्यूल स्टेशन',
    description: 'Diesel, petrol and CNG with clean washrooms; closed for renovation.',
    address: 'NH48, Behror, Alwar, Rajasthan 301701',
    phone: '+91 90000 10005',
    email: 'balaji.fuel@example.com',
    status: 'inactive',
    category: 'fuel_station',
  },
] as const;

/**
 * The Help screen's Call Our Team entries. Demo values: +91 90000 2xxxx numbers reach nobody;
 * a real deployment enters its own in the admin console (Help requests, Team numbers).
 */
export const demoTeamContacts = [
  { name: 'Support Team', nameHi: 'सहायता टीम', number: '+91 90000 20001' },
  { name: 'Sales Team', nameHi: 'बिक्री टीम', number: '+91 90000 20002' },
  { name: 'Technical Team', nameHi: 'तकनीकी टीम', number: '+91 90000 20003' },
] as const;

/** Newest first; each in English then Hindi, as the drivers read both. `colour` draws a picture. */
const demoCautions: { note: string; colour?: string }[] = [
  {
    note: 'Dense fog on NH48 near Manesar after 10 pm. Keep fog lights on and slow down. / रात 10 बजे के बाद मानेसर के पास NH48 पर घना कोहरा। फॉग लाइट जलाएं और गति कम रखें।',
    colour: '#64748b',
  },
  {
    note: 'Road work at Kherki Daula toll: one lane closed, expect long queues. / खेड़की दौला टोल पर सड़क का काम: एक लेन बंद, लंबी कतार की उम्मीद।',
    colour: '#ea580c',
  },
  {
    note: 'Take a break every two hours on long routes; tired driving causes most night crashes. / लंबे रास्ते पर हर दो घंटे में आराम करें; थकान रात के ज़्यादातर हादसों की वजह है।',
  },
  {
    note: 'Never hand your documents to anyone who stops you without a uniform and ID. / बिना वर्दी और पहचान पत्र के रोकने वाले को अपने कागज़ात न दें।',
    colour: '#dc2626',
  },
];

/** A warning sign on a solid colour, drawn at seed time so the demo needs no image files. */
async function cautionPicture(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
  <rect width="640" height="360" fill="${colour}"/>
  <polygon points="320,70 430,280 210,280" fill="#facc15" stroke="#1c1917" stroke-width="10" stroke-linejoin="round"/>
  <rect x="310" y="140" width="20" height="80" rx="6" fill="#1c1917"/>
  <circle cx="320" cy="248" r="12" fill="#1c1917"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function seedDirectory(db: Db, storage: Storage | undefined): Promise<void> {
  await db
    .insert(businesses)
    .values(demoBusinesses.map((b, position) => ({ ...b, id: randomUUID(), position })));
  const now = Date.now();
  for (const [i, caution] of demoCautions.entries()) {
    const id = randomUUID();
    let imageKey: string | null = null;
    if (storage && caution.colour) {
      imageKey = `public/safety/${id}.png`;
      await storage.put(
        imageKey,
        Readable.from([await cautionPicture(caution.colour)]),
        'image/png',
      );
    }
    // An hour apart, so the newest-first order of the demo is the order of the list above.
    const createdAt = new Date(now - i * 60 * 60 * 1000);
    await db.insert(safetyCautions).values({ id, imageKey, note: caution.note, createdAt });
  }
}

/**
 * Fills an empty database with the demo accounts, business partners and safety cautions;
 * answers whether it did. Without `storage` the cautions carry notes only.
 */
export async function seedDemo(db: Db, storage?: Storage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  for (const account of demoAccounts) {
    await db
      .insert(users)
      .values({
        id: randomUUID(),
        name: account.name,
        phone: account.phone,
        passwordHash: await hashPassword(account.password),
        usertype: account.usertype,
        verification: account.usertype === 'driver' ? 'verified' : 'not_required',
      })
      .onConflictDoNothing();
  }
  await seedDirectory(db, storage);
  await db
    .insert(teamContacts)
    .values(demoTeamContacts.map((c, position) => ({ ...c, id: randomUUID(), position })));
  return true;
}

export function demoBanner(publicUrl: string): string {
  const rows = demoAccounts.map((a) => `  ${a.usertype.padEnd(7)} ${a.phone}  ${a.password}`);
  const phones = Object.values(communityDrivers).map((d) => d.phone);
  rows.push(
    `  and the demo community's drivers, ${phones[0]} to ${phones.at(-1)}  ${communityPassword}`,
    '  (their posts arrive in the feed over the next minutes)',
  );
  return `\nSaathi demo accounts (SEED_DEMO=false turns these off):\n${rows.join('\n')}\nOpen ${publicUrl}\n\n`;
}
