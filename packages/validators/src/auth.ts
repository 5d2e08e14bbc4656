import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  // An empty field is missing, not malformed.
  .min(1, 'Email is required')
  .pipe(z.email('Invalid email address').max(254));

export const loginInput = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginInput = z.infer<typeof loginInput>;

export const refreshTokenInput = z.object({
  refreshToken: z.string().min(1, 'Refresh token is required').max(512),
});
