import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'
import { CataloguePlanPrice } from './plans.js'
import {
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  WEB_LINK_PATTERN,
  WEBSITE_NOT_HTTP,
} from './profile-rules.js'
import {
  PASSWORD_MAX,
  RESET_PASSWORD_MAX_DIGITS,
  RESET_PASSWORD_MIN_DIGITS,
  RESET_PASSWORD_NOT_DIGITS,
  RESET_PASSWORD_TOO_LONG,
  RESET_PASSWORD_TOO_SHORT,
  SIGNUP_PASSWORD_MIN,
  SIGNUP_PASSWORD_TOO_SHORT,
} from './password-rules.js'

/** Roles a person can choose at sign-up. */
export const SignupRole = Type.Union(
  [Type.Literal('reader'), Type.Literal('author'), Type.Literal('publisher')],
  {
    errorMessage: 'Member Type is required.',
  },
)
export type SignupRole = Static<typeof SignupRole>
/** Every role an account can hold; admin is made by `npm run admin:create`, never at sign-up. */
export const Role = Type.Union([SignupRole, Type.Literal('admin')])
export type Role = Static<typeof Role>

/** Spec validation messages (reader-and-account section 5) are returned by the server as well. */
const nonBlank = (message: string, maxLength = 50) =>
  Type.String({
    pattern: '\\S',
    maxLength,
    errorMessage: { pattern: message, maxLength: `must not exceed ${maxLength} characters` },
  })

export const Email = Type.String({
  maxLength: 254,
  // A pragmatic address shape: something@something.tld, no spaces or control characters.
  pattern: '^[^\\s@\\x00-\\x1f\\x7f]+@[^\\s@\\x00-\\x1f\\x7f]+\\.[^\\s@\\x00-\\x1f\\x7f]+$',
  errorMessage: 'Invalid email format.',
})

/** The sign-up rule (password-rules.ts): at least 6 characters of any kind. */
export const Password = Type.String({
  minLength: SIGNUP_PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  errorMessage: { minLength: SIGNUP_PASSWORD_TOO_SHORT, maxLength: 'Password is too long.' },
})

export const CreateUserBody = Type.Object(
  {
    first_name: nonBlank('Name is required.'),
    last_name: nonBlank('Last Name is required.'),
    email: Email,
    password: Password,
    role: SignupRole,
  },
  {
    errorMessage: {
      required: {
        first_name: 'Name is required.',
        last_name: 'Last Name is required.',
        email: 'Email is required.',
        password: 'Password is required.',
        role: 'Member Type is required.',
      },
    },
  },
)
export type CreateUserBody = Static<typeof CreateUserBody>

export const EmailBody = Type.Object(
  { email: Email },
  { errorMessage: { required: { email: 'Email is required.' } } },
)
export type EmailBody = Static<typeof EmailBody>

/** The spec's client sends the code as a number, which drops a leading zero; strings are accepted too. */
export const OtpValue = Type.Union(
  [Type.String({ pattern: '^[0-9]{1,4}$' }), Type.Integer({ minimum: 0, maximum: 9999 })],
  {
    errorMessage: 'OTP must be 4 digits',
  },
)

export const VerifyOtpBody = Type.Object(
  { email: Email, otp: OtpValue },
  { errorMessage: { required: { email: 'Email is required.', otp: 'OTP is required' } } },
)
export type VerifyOtpBody = Static<typeof VerifyOtpBody>

export const LoginBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 128, errorMessage: 'Password is required.' }),
  },
  { errorMessage: { required: { email: 'Email is required.', password: 'Password is required.' } } },
)
export type LoginBody = Static<typeof LoginBody>

export const RefreshTokenBody = Type.Object({
  token: Type.Optional(
    Type.String({ maxLength: 200, description: 'the session token; the token header is used when absent' }),
  ),
})
export type RefreshTokenBody = Static<typeof RefreshTokenBody>

/**
 * Reset passwords are numeric, at least 6 digits (spec reader-and-account section 5, forgot password). Ajv checks
 * the length before the pattern, and the first message is the one answered: `resetPasswordProblem` (the client's
 * check) follows the same order.
 */
export const ResetPassword = Type.String({
  minLength: RESET_PASSWORD_MIN_DIGITS,
  maxLength: RESET_PASSWORD_MAX_DIGITS,
  pattern: '^[0-9]+$',
  errorMessage: {
    minLength: RESET_PASSWORD_TOO_SHORT,
    maxLength: RESET_PASSWORD_TOO_LONG,
    pattern: RESET_PASSWORD_NOT_DIGITS,
  },
})

/** The one-time token `POST /verifyOtp/user` answers; `POST /forgot-password/user` spends it. */
export const ResetToken = Type.String({
  minLength: 1,
  maxLength: 200,
  description:
    'one-time reset token from POST /verifyOtp/user (10 minutes, bound to the account and its code)',
  errorMessage: 'Please verify the code sent to your email first.',
})

export const ResetTokenData = Type.Object({ resetToken: ResetToken })
export type ResetTokenData = Static<typeof ResetTokenData>

export const ForgotPasswordBody = Type.Object(
  {
    email: Email,
    newPassword: ResetPassword,
    confirmPassword: Type.String({ maxLength: 64 }),
    resetToken: ResetToken,
  },
  {
    errorMessage: {
      required: {
        email: 'Email is required',
        newPassword: 'New password is required',
        confirmPassword: 'Confirm password is required',
        resetToken: 'Please verify the code sent to your email first.',
      },
    },
  },
)
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>

export const UserIdQuery = Type.Object({ userId: Id })
export type UserIdQuery = Static<typeof UserIdQuery>
export const IdQuery = Type.Object({ id: Id })
export type IdQuery = Static<typeof IdQuery>

export const WebLink = Type.String({
  maxLength: 500,
  pattern: WEB_LINK_PATTERN,
  errorMessage: WEBSITE_NOT_HTTP,
})

export const UpdateUserBody = Type.Object({
  first_name: Type.Optional(nonBlank(FIRST_NAME_REQUIRED)),
  last_name: Type.Optional(nonBlank(LAST_NAME_REQUIRED)),
  email: Type.Optional(Email),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  confirm_password: Type.Optional(Type.String({ maxLength: 128 })),
  /** Needed with a new password (OWASP ASVS V2.1.6): the password of the account making the change. */
  current_password: Type.Optional(Type.String({ maxLength: 128 })),
  role: Type.Optional(SignupRole),
  bio: Type.Optional(Type.String({ maxLength: 2000 })),
  /** First entry is the website, the rest social links. Multipart clients may send a JSON-encoded array. */
  // The string form comes first: with type coercion on, Ajv would otherwise wrap a string into a one-item list.
  websiteAndSocialLinks: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 6000 }),
      Type.Array(Type.String({ maxLength: 500 }), { maxItems: 10 }),
    ]),
  ),
})
export type UpdateUserBody = Static<typeof UpdateUserBody>

export const Membership = Type.Object({
  planId: Type.Union([Id, Type.Null()]),
  planName: Type.String(),
  description: Type.String(),
  price: Type.Number({ description: 'the monthly price paid (0 for the free plan and for a granted plan)' }),
  planPrice: CataloguePlanPrice,
  bookLimit: Type.Integer({ description: '-1 means unlimited' }),
  booksListed: Type.Integer(),
  purchaseDate: Type.Union([Type.String(), Type.Null()]),
  expiryDate: Type.String({ description: '"-1" means no expiry' }),
})
export type Membership = Static<typeof Membership>

/** What anybody may see of an account (public author profile). */
export const PublicProfile = Type.Object({
  _id: Id,
  first_name: Type.String(),
  last_name: Type.String(),
  role: Role,
  profileImage: Type.Union([Type.String(), Type.Null()]),
  bannerImage: Type.Union([Type.String(), Type.Null()]),
  bio: Type.String(),
  websiteAndSocialLinks: Type.Array(Type.String()),
  podcastCount: Type.Integer(),
})
export type PublicProfile = Static<typeof PublicProfile>

/** The account as its owner (or an admin) sees it: the public profile and the private fields. */
export const User = Type.Composite([
  PublicProfile,
  Type.Object({
    email: Type.String(),
    isBlocked: Type.Boolean(),
    notes: Type.String({ description: 'the reason given when the account was blocked' }),
    custId: Type.Union([Type.String(), Type.Null()]),
    isVerified: Type.Boolean(),
    membership: Type.Union([Membership, Type.Null()]),
    createdAt: Type.String(),
  }),
])
export type User = Static<typeof User>

export const SingleUserData = Type.Union([User, PublicProfile])

export const CreatedUser = Type.Object({ _id: Id, email: Type.String(), role: Role })

/** Answer of login and sign-up verification: what the client stores. */
export const SessionData = Type.Object({
  _id: Id,
  role: Role,
  token: Type.String(),
  isBlocked: Type.Boolean(),
  notes: Type.String(),
  message: Type.String(),
})
export type SessionData = Static<typeof SessionData>

export const RefreshData = Type.Object({ isBlocked: Type.Boolean(), notes: Type.String(), user: User })
export type RefreshData = Static<typeof RefreshData>

export const OtpSent = Type.Object({
  email: Type.String(),
  resendAfter: Type.Integer({ description: 'seconds until a new code may be requested' }),
})

/** Admin moderation of accounts. */
export const BlockUserBody = Type.Object({
  userId: Id,
  notes: Type.String({
    minLength: 1,
    maxLength: 1000,
    pattern: '\\S',
    errorMessage: 'A note for the user is required.',
  }),
})
export type BlockUserBody = Static<typeof BlockUserBody>
export const UnblockUserBody = Type.Object({ userId: Id })
export type UnblockUserBody = Static<typeof UnblockUserBody>
