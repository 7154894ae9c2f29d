import type { Pattern } from './media.js';

/**
 * Who makes the demo community, besides the demo driver of seed/demo.ts (`ramesh`). Listed in
 * README.md: +91 90000 000xx numbers are not given to anyone, so no SMS reaches a person.
 */
export const communityDrivers = {
  suresh: { name: 'Suresh Yadav', phone: '+919000000011' },
  gurpreet: { name: 'Gurpreet Singh', phone: '+919000000012' },
  anita: { name: 'Anita Devi', phone: '+919000000013' },
  irfan: { name: 'Mohammed Irfan', phone: '+919000000014' },
  lakshmi: { name: 'Lakshmi Narayanan', phone: '+919000000015' },
} as const;

/** The demo community drivers' password (README.md). */
export const communityPassword = 'Driver@1234';

export type Member = keyof typeof communityDrivers | 'ramesh';

export interface DemoPost {
  key: string;
  author: Member;
  caption: string;
  location: string;
  pattern: Pattern;
  /** Drawn on the picture. */
  overlay: string;
  /** A clip of this many seconds with a tone of `tone` Hz; a photo when absent. */
  video?: { seconds: number; tone: number };
  emergency?: boolean;
  likedBy: Member[];
  comments: { by: Member; text: string }[];
}

/**
 * Oldest first, as they are posted: the photos come before the clips, which take longer to
 * process, so the feed fills within seconds of the first start.
 */
export const demoPosts: DemoPost[] = [
  {
    key: 'ev-charging',
    author: 'anita',
    caption: 'New EV charging point at the taxi stand, 4 bays, UPI accepted.',
    location: 'Connaught Place, New Delhi',
    pattern: 'mandelbrot',
    overlay: 'EV charging\nConnaught Place',
    likedBy: ['irfan', 'ramesh'],
    comments: [{ by: 'irfan', text: 'Useful, thank you! How long is the wait in the evening?' }],
  },
  {
    key: 'fuel-stop',
    author: 'ramesh',
    caption: 'Clean washroom and safe parking at this fuel stop. Recommended for night halts.',
    location: 'NH48, Behror, Rajasthan',
    pattern: 'testsrc2',
    overlay: 'Safe parking\nNH48 Behror',
    likedBy: ['suresh', 'gurpreet', 'lakshmi'],
    comments: [
      { by: 'suresh', text: 'Stayed there last week, the chai is good too.' },
      { by: 'gurpreet', text: 'धन्यवाद भाई, अगली बार यहीं रुकेंगे।' },
    ],
  },
  {
    key: 'road-widening',
    author: 'lakshmi',
    caption: 'Road widening finished on this stretch, smooth ride now.',
    location: 'NH44, Hosur, Tamil Nadu',
    pattern: 'smptebars',
    overlay: 'Road open\nHosur',
    likedBy: ['anita'],
    comments: [],
  },
  {
    key: 'monsoon-check',
    author: 'irfan',
    caption: 'Monsoon check: wipers, tyres and lights before the season starts.',
    location: 'Thane, Maharashtra',
    pattern: 'mandelbrot',
    overlay: 'Monsoon check\nThane',
    likedBy: ['ramesh', 'lakshmi'],
    comments: [],
  },
  {
    key: 'accident-manesar',
    author: 'suresh',
    caption:
      'Accident near the Manesar exit, left lane blocked. Ambulance is on the way, please slow down.',
    location: 'NH48, Manesar, Haryana',
    pattern: 'smptebars',
    overlay: 'ALERT\nLeft lane blocked',
    emergency: true,
    likedBy: ['ramesh', 'anita'],
    comments: [
      { by: 'ramesh', text: 'Passed it 10 minutes ago, traffic moving on the right lane.' },
    ],
  },
  {
    key: 'fog-kherki',
    author: 'suresh',
    caption: 'Morning fog clearing at Kherki Daula, traffic moving slowly.',
    location: 'Kherki Daula Toll, Gurugram',
    pattern: 'testsrc2',
    overlay: 'Fog clearing\nKherki Daula',
    video: { seconds: 5, tone: 330 },
    likedBy: ['ramesh', 'gurpreet'],
    comments: [],
  },
  {
    key: 'ludhiana-run',
    author: 'gurpreet',
    caption: 'लुधियाना के लिए माल लोड हो गया। सबका सफ़र सुरक्षित रहे!',
    location: 'GT Road, Ambala, Haryana',
    pattern: 'mandelbrot',
    overlay: 'Ambala to Ludhiana',
    video: { seconds: 4, tone: 392 },
    likedBy: ['suresh'],
    comments: [{ by: 'suresh', text: 'Safe journey paaji!' }],
  },
  {
    key: 'airport-queue',
    author: 'anita',
    caption: 'Airport queue is short right now, Terminal 3 pickup lane open.',
    location: 'IGI Airport T3, New Delhi',
    pattern: 'smptebars',
    overlay: 'T3 pickup lane',
    video: { seconds: 4, tone: 440 },
    likedBy: ['irfan'],
    comments: [],
  },
  {
    key: 'new-tyres',
    author: 'ramesh',
    caption: 'New tyres fitted, ready for the Jaipur run tomorrow morning.',
    location: 'IMT Manesar, Gurugram',
    pattern: 'testsrc2',
    overlay: 'Ready for Jaipur',
    video: { seconds: 5, tone: 294 },
    likedBy: ['anita', 'irfan', 'lakshmi'],
    comments: [
      { by: 'lakshmi', text: 'Which brand did you take? Mine are due next month.' },
      { by: 'irfan', text: 'Happy journey Ramesh bhai!' },
    ],
  },
  {
    key: 'rain-weh',
    author: 'irfan',
    caption: 'Heavy rain on the Western Express Highway, drive slow near Andheri.',
    location: 'Andheri, Mumbai',
    pattern: 'mandelbrot',
    overlay: 'Heavy rain\nAndheri',
    video: { seconds: 6, tone: 262 },
    likedBy: ['anita', 'ramesh'],
    comments: [],
  },
  {
    key: 'ghat-chai',
    author: 'lakshmi',
    caption: 'Chai break at the dhaba before the ghat section.',
    location: 'Krishnagiri, Tamil Nadu',
    pattern: 'smptebars',
    overlay: 'Chai break\nKrishnagiri',
    video: { seconds: 4, tone: 349 },
    likedBy: ['gurpreet'],
    comments: [],
  },
  {
    key: 'fastag-point',
    author: 'suresh',
    caption: 'FASTag recharge counter opened near the truck parking bay.',
    location: 'NH48, Behror, Rajasthan',
    pattern: 'testsrc2',
    overlay: 'FASTag counter\nBehror',
    video: { seconds: 4, tone: 523 },
    likedBy: ['ramesh'],
    comments: [],
  },
  {
    key: 'night-rest',
    author: 'gurpreet',
    caption: 'Night drive tip: rest every two hours and take a short walk.',
    location: 'Murthal, Sonipat, Haryana',
    pattern: 'mandelbrot',
    overlay: 'Rest every 2 hours',
    video: { seconds: 5, tone: 440 },
    likedBy: ['suresh', 'anita', 'lakshmi', 'ramesh'],
    comments: [{ by: 'anita', text: 'Very true. Stay safe everyone.' }],
  },
];

/** Who follows whom; everyone follows the demo driver, who then has followers to see. */
export const demoFollows: [Member, Member][] = [
  ['suresh', 'ramesh'],
  ['gurpreet', 'ramesh'],
  ['anita', 'ramesh'],
  ['irfan', 'ramesh'],
  ['lakshmi', 'ramesh'],
  ['ramesh', 'suresh'],
  ['ramesh', 'anita'],
  ['suresh', 'gurpreet'],
  ['anita', 'irfan'],
];

/** Voice Chat notes: a tone each (`tone` Hz, `seconds` long). */
export const demoVoiceNotes: { key: string; by: Member; tone: number; seconds: number }[] = [
  { key: 'suresh-1', by: 'suresh', tone: 180, seconds: 3 },
  { key: 'anita-1', by: 'anita', tone: 260, seconds: 4 },
  { key: 'gurpreet-1', by: 'gurpreet', tone: 150, seconds: 3 },
];

/** The open request the admin console shows. */
export const demoHelpRequest = {
  by: 'lakshmi' as Member,
  body: {
    location: 'NH44 near Krishnagiri toll plaza, Tamil Nadu',
    latitude: 12.5186,
    longitude: 78.2137,
    source: 'help' as const,
  },
};
