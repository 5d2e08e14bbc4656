import { z } from 'zod';
import { passwordField } from './users';

export const interfaceLanguages = ['en', 'tr'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];
export const interfaceLanguage = z.enum(interfaceLanguages);

/** Changing one's own password needs the current one; the other sessions end, this one stays. */
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const setLanguageInput = z.object({ language: interfaceLanguage });
export type SetLanguageInput = z.infer<typeof setLanguageInput>;
