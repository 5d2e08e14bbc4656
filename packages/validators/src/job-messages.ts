/**
 * What a job says it is doing. The server writes these English texts, which REST callers and logs read
 * as they are; the console finds the template a text was made from and says it in the user's language.
 * `{name}` is a value the text names; `{count}`, `{done}`, `{total}`, `{attempt}` and `{seconds}` are
 * whole numbers. A text no template makes is shown as it is.
 */
export const JOB_MESSAGES = {
  waiting: 'Waiting for a worker',
  scheduled: 'Scheduled',
  started: 'Started',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  attemptFailed: 'Attempt {attempt} failed; retrying',
  workerStopped: 'The worker stopped (its process ended, or the time limit of {seconds} s passed); retrying',
  processClosed: 'Attempt {attempt} stopped with its process; it runs again',
  analyticsReading: 'Reading new page views from the site',
  oldRecordsRemoved: 'Old records removed',
  screenshotOpening: 'Opening the home page in Chromium',
  performanceLoading: 'Loading the home page in Chromium',
  buyingDomain: 'Buying {domain}',
  boughtDomains: 'Bought {count} domains',
  dnsSetUpOne: 'Set up DNS for {domain}',
  dnsSetUpAll: 'Set up DNS for {count} domains',
  dnsResetOne: 'Reset DNS for {domain}',
  dnsResetAll: 'Reset DNS for {count} domains',
  connectionTested: 'Tested {domain}',
  sitesSynced: 'Synced {done} of {total} sites',
  pullReadingLists: 'Reading categories, tags, media and the list of posts',
  pullReadingPosts: 'Reading {count} new or changed posts',
  pullSavingPosts: 'Saving {count} posts',
  pushingPost: 'Pushing {title}',
  siteDnsSettingUp: 'Setting up DNS on Cloudflare',
  siteCreating: 'WordPress site creation in progress...',
  siteValidating: 'Validating input',
  siteResuming: 'Resuming an interrupted provisioning',
  sitePreparing: 'Preparing the site directory',
  siteAlreadyProvisioned: 'Site already provisioned',
  siteDirectoryReady: 'Site directory ready',
  siteDatabaseCreating: 'Creating the database and its user',
  siteDatabaseReady: 'Database {database} ready',
  siteFilesWriting: 'Writing the site files',
  siteFilesReady: 'Site files ready',
  siteInstalling: 'Installing WordPress',
  siteInstalled: 'WordPress installed',
  siteConfiguring: 'Configuring the site and publishing the first post and page',
  siteConfigured: 'Site configured',
  siteReady: 'Site ready',
  siteStarting: 'Starting the site',
  siteRecording: 'Recording the site',
  siteStopping: 'Stopping {domain}',
  siteRemoving: 'Removing the database, its user and the site files',
  siteUnlinking: 'Unlinking the site',
  siteDeleted: 'WordPress site of {domain} deleted',
  ideasGenerating: '{agent}: {count} ideas about {keywords}',
  ideaEvaluating: '{agent}: idea {done} of {total}',
  writingArticle: 'Writing an in-depth article about {focus}',
  writingPost: 'Writing a blog post about {focus}',
  writingPage: 'Writing an evergreen page (no dates, no news) about {focus}',
  savingPiece: 'Saving the piece',
  savingDraft: 'Saving the draft on {domain}',
  keywordsAsking: 'Asking for keyword ideas about {topic}',
  keywordsMeasuring: 'Measuring {count} keywords',
  keywordsSaving: 'Saving {count} keywords',
} as const;

export type JobMessageKey = keyof typeof JOB_MESSAGES;

export interface ParsedJobMessage {
  key: JobMessageKey;
  values: Record<string, string>;
}

const NUMBERS = new Set(['count', 'done', 'total', 'attempt', 'seconds']);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Templates that start with fixed text first ("Pushing {title}" before "{agent}: idea {done} of
 * {total}", whatever the title says), then those with more fixed text, so "Set up DNS for 3 domains"
 * is not a domain "3 domains".
 */
const MATCHERS = (Object.entries(JOB_MESSAGES) as [JobMessageKey, string][])
  .map(([key, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return NUMBERS.has(name) ? '(\\d+)' : '(.+?)';
      })
      .join('');
    return {
      key,
      names,
      re: new RegExp(`^${source}$`, 's'),
      opensWithValue: template.startsWith('{'),
      fixed: template.replace(/\{\w+\}/g, '').length,
    };
  })
  .sort((a, b) => Number(a.opensWithValue) - Number(b.opensWithValue) || b.fixed - a.fixed);

/** The template a job's message was made from, with the values it names; null for any other text. */
export function parseJobMessage(text: string): ParsedJobMessage | null {
  for (const m of MATCHERS) {
    const found = m.re.exec(text);
    if (found) return { key: m.key, values: Object.fromEntries(m.names.map((n, i) => [n, found[i + 1]!])) };
  }
  return null;
}
