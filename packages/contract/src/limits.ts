/** Business constants of the spec (000 section 9, 001 section 9), shared by server and client. */
export const limits = {
  nameMin: 2,
  nameMax: 30,
  passwordMinSignIn: 4,
  passwordMinSignUp: 4,
  passwordMinReset: 8,
  /** argon2 work grows with input; nobody types a longer password. */
  passwordMax: 128,
  identityImageMaxBytes: 10 * 1024 * 1024,
  tokenDays: 7,
  resetTokenMinutes: 15,
  reportReasonMax: 500,
  postImageMaxBytes: 10 * 1024 * 1024,
  postVideoMaxBytes: 10 * 1024 * 1024,
  /** Not in the spec; enough for a photo series, small enough for one upload on 3G. */
  postImagesMax: 10,
  captionMax: 2000,
  locationMax: 200,
  /** Not in the spec (its limit is 'not shown'). */
  commentMax: 1000,
  feedPageDefault: 8,
  feedPageMax: 30,
  /** The app's feed pages: small, so the first video starts sooner on 2G/3G. */
  feedPageApp: 6,
  commentsPageDefault: 50,
  commentsPageMax: 100,
  uploadTimeoutMs: 60_000,
  /** Spec: a voice recording under 1000 bytes is refused. */
  voiceMinBytes: 1000,
  /** Not in the spec: 5 minutes of browser Opus at 32-128 kbit/s fits with room to spare. */
  voiceMaxBytes: 5 * 1024 * 1024,
  voiceMaxSeconds: 5 * 60,
  voicePageDefault: 30,
  voicePageMax: 50,
  audioNameMax: 100,
} as const;

/** Sign-in, sign-up and forgot-password attempts allowed per window. */
export const rateLimits = {
  windowSeconds: 15 * 60,
  signInPerIp: 30,
  /**
   * Tries for one number since its last right password that go through at once; after them
   * one try per `signInSpacingSeconds`, so guessing is slowed and the owner is never locked out.
   */
  signInFreeTriesPerNumber: 5,
  signInSpacingSeconds: 5,
  signUpPerIp: 10,
  forgotPerIp: 10,
  forgotPerNumber: 3,
  postsPerHour: 30,
  commentsPerMinute: 20,
  reportsPerHour: 30,
  /** Voice notes and recorder audios together, per user. */
  voiceUploadsPerHour: 60,
  /** Profile photos per user: each is decoded, and a HEIC may take seconds of a core. */
  profilePhotosPerHour: 10,
  /** Public ID-card checks (the QR code's page) per IP, so card numbers cannot be walked. */
  cardChecksPerIp: 60,
  /** Passwords tried per user on the account deletion form: the vault's pace. */
  deletionTriesPerUser: 5,
} as const;
