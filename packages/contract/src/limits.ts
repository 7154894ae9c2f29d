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
} as const;

/** Sign-in, sign-up and forgot-password attempts allowed per window. */
export const rateLimits = {
  windowSeconds: 15 * 60,
  signInPerIp: 30,
  signInPerNumber: 10,
  signUpPerIp: 10,
  forgotPerIp: 10,
  forgotPerNumber: 3,
} as const;
