import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The English messages of @blogfleet/validators, so forms show them in the active language. */
const known: Record<string, MessageDescriptor> = {
  Required: msg`Required`,
  'Username is required': msg`Username is required`,
  'Username may contain letters, digits, dot, underscore, @ and dash': msg`Username may contain letters, digits, dot, underscore, @ and dash`,
  'Invalid email address': msg`Invalid email address`,
  'Email is required': msg`Email is required`,
  'Password is required': msg`Password is required`,
  'Password must be at least 8 characters': msg`Password must be at least 8 characters`,
  // Settings (packages/validators/src/settings.ts, account.ts, and the server's answers).
  'Current password is required': msg`Current password is required`,
  'Current password is incorrect': msg`Current password is incorrect`,
  'The new password must differ from the current one': msg`The new password must differ from the current one`,
  'The passwords do not match': msg`The passwords do not match`,
  'Must be an http:// or https:// URL': msg`Must be an http:// or https:// URL`,
  'Must be a port number (1-65535)': msg`Must be a port number (1-65535)`,
  'Must be between 0 and 2': msg`Must be between 0 and 2`,
  'Between 1 and 600 seconds': msg`Between 1 and 600 seconds`,
  'Must be an IP address or a host name': msg`Must be an IP address or a host name`,
  'Account ID is 32 hexadecimal characters': msg`Account ID is 32 hexadecimal characters`,
  'Must be the PHP CLI (php, php8.2 or an absolute path to one)': msg`Must be the PHP CLI (php, php8.2 or an absolute path to one)`,
  'Must be a system user name other than root': msg`Must be a system user name other than root`,
  'Must not contain NUL characters': msg`Must not contain NUL characters`,
  'Must be a single line': msg`Must be a single line`,
  'Must be a DataForSEO location code (1-99999999)': msg`Must be a DataForSEO location code (1-99999999)`,
  // Domains (packages/validators/src/domains.ts).
  'Domain name is required': msg`Domain name is required`,
  'Target website is required': msg`Target website is required`,
  'Enter a domain name such as example.com': msg`Enter a domain name such as example.com`,
  'An IP address is not a domain name': msg`An IP address is not a domain name`,
  'Enter a domain name under a public suffix, such as example.com': msg`Enter a domain name under a public suffix, such as example.com`,
  'Select at least one domain': msg`Select at least one domain`,
  // Keywords (packages/validators/src/keywords.ts).
  'Keyword is required': msg`Keyword is required`,
  'A keyword has at most 200 characters': msg`A keyword has at most 200 characters`,
  'Please select a website': msg`Please select a website`,
  // Content (packages/validators/src/content.ts).
  'Please select a site': msg`Please select a site`,
  'Please select a keyword group': msg`Please select a keyword group`,
  'A title has at most 500 characters': msg`A title has at most 500 characters`,
  'The content is longer than 200,000 characters': msg`The content is longer than 200,000 characters`,
  'A meta description has at most 320 characters': msg`A meta description has at most 320 characters`,
  'A focus keyword has at most 200 characters': msg`A focus keyword has at most 200 characters`,
  'Title is required': msg`Title is required`,
  'Enter a website such as example.com': msg`Enter a website such as example.com`,
  'Search volume is a whole number': msg`Search volume is a whole number`,
  'Search volume cannot be negative': msg`Search volume cannot be negative`,
  'Commercial intent is between 0 and 1': msg`Commercial intent is between 0 and 1`,
  'Commercial intent has at most two decimals': msg`Commercial intent has at most two decimals`,
  'Score is between 0 and 100': msg`Score is between 0 and 100`,
  'Score has at most two decimals': msg`Score has at most two decimals`,
  'Select at least one keyword': msg`Select at least one keyword`,
  'Between 1 and 100 keywords': msg`Between 1 and 100 keywords`,
  'A topic has at most 200 characters': msg`A topic has at most 200 characters`,
  'At most 100 websites at once': msg`At most 100 websites at once`,
  'At most 500 keywords at once': msg`At most 500 keywords at once`,
  'Please select at least one keyword': msg`Please select at least one keyword`,
  'Paste or upload a CSV file': msg`Paste or upload a CSV file`,
  'A CSV file has at most 750 kB: split bigger ones': msg`A CSV file has at most 750 kB: split bigger ones`,
  // Keyword groups (packages/validators/src/keyword-groups.ts).
  'Group name is required': msg`Group name is required`,
  'A group name has at most 200 characters': msg`A group name has at most 200 characters`,
  'A description has at most 2,000 characters': msg`A description has at most 2,000 characters`,
  'At most 200 keywords in a group': msg`At most 200 keywords in a group`,
  'Please select at least one keyword group': msg`Please select at least one keyword group`,
  // Registrar settings (Namecheap).
  'Must be an IPv4 address': msg`Must be an IPv4 address`,
  'Two-letter country code': msg`Two-letter country code`,
  'Phone as +NNN.NNNNNNNNNN (e.g. +1.6613102107)': msg`Phone as +NNN.NNNNNNNNNN (e.g. +1.6613102107)`,
  // Discovery (packages/validators/src/discovery.ts).
  'Max price is 1 to 500': msg`Max price is 1 to 500`,
  'Select domains to add': msg`Select domains to add`,
  'Enter a TLD such as com or net': msg`Enter a TLD such as com or net`,
  'Words may hold letters and digits only (up to 20)': msg`Words may hold letters and digits only (up to 20)`,
  // WordPress creation (packages/validators/src/creator.ts).
  'Please fill in all required fields': msg`Please fill in all required fields`,
  // Content pool ideas and posts (packages/validators/src/ai-pool.ts).
  'At most 50 keywords': msg`At most 50 keywords`,
  'A note has at most 2,000 characters': msg`A note has at most 2,000 characters`,
  'A title has at most 300 characters': msg`A title has at most 300 characters`,
  'An SEO title has at most 120 characters': msg`An SEO title has at most 120 characters`,
  'A keyword has at most 100 characters': msg`A keyword has at most 100 characters`,
  'At most 20 keywords': msg`At most 20 keywords`,
  'A tag has at most 100 characters': msg`A tag has at most 100 characters`,
  'At most 20 tags': msg`At most 20 tags`,
  // AI content pool tabs: agents, policies, examples, feedback (packages/validators/src/ai-pool.ts).
  'Name is required': msg`Name is required`,
  'A name has at most 100 characters': msg`A name has at most 100 characters`,
  'A description has at most 1,000 characters': msg`A description has at most 1,000 characters`,
  'A prompt template has at most 20,000 characters': msg`A prompt template has at most 20,000 characters`,
  'A prompt template is required': msg`A prompt template is required`,
  'Choose the action type the agent serves': msg`Choose the action type the agent serves`,
  'A model name has at most 100 characters': msg`A model name has at most 100 characters`,
  'Trait is required': msg`Trait is required`,
  'A trait has at most 200 characters': msg`A trait has at most 200 characters`,
  'Guiding principle is required': msg`Guiding principle is required`,
  'At most 2,000 characters': msg`At most 2,000 characters`,
  'Context must be valid JSON (an object)': msg`Context must be valid JSON (an object)`,
  'Examples must be valid JSON': msg`Examples must be valid JSON`,
  'Content is required': msg`Content is required`,
  'The audience has at most 200 characters': msg`The audience has at most 200 characters`,
  'The genre has at most 100 characters': msg`The genre has at most 100 characters`,
  'The tone has at most 100 characters': msg`The tone has at most 100 characters`,
  'Must be a whole number': msg`Must be a whole number`,
  'Feedback text is required': msg`Feedback text is required`,
  'Feedback has at most 4,000 characters': msg`Feedback has at most 4,000 characters`,
  'A score from 1 to 5': msg`A score from 1 to 5`,
};

export function translateIssue(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const descriptor = known[message];
  if (descriptor) return i18n._(descriptor);
  const subdomain = /^Enter the registrable domain \((.+)\), not a subdomain$/.exec(message)?.[1];
  if (subdomain) return i18n._(msg`Enter the registrable domain (${subdomain}), not a subdomain`);
  return message;
}
