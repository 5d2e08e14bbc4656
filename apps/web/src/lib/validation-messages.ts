import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The English messages of @blogfleet/validators, so forms show them in the active language. */
const known: Record<string, MessageDescriptor> = {
  Required: msg`Required`,
  'Username is required': msg`Username is required`,
  'Username may contain letters, digits, dot, underscore, @ and dash': msg`Username may contain letters, digits, dot, underscore, @ and dash`,
  'Invalid email address': msg`Invalid email address`,
  'Password is required': msg`Password is required`,
  'Password must be at least 8 characters': msg`Password must be at least 8 characters`,
};

export function translateIssue(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const descriptor = known[message];
  return descriptor ? i18n._(descriptor) : message;
}
