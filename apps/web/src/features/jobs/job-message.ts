import { parseJobMessage, type JobMessageKey } from '@blogfleet/validators';
import { plural, t } from '@lingui/core/macro';

/**
 * A job's progress message in the screen's language, or undefined when its status says it already.
 * The server writes it in English from one of the templates in `JOB_MESSAGES`; a text made by no
 * template is shown as it came.
 */
export function jobMessage(text: string): string | undefined {
  const parsed = parseJobMessage(text);
  if (!parsed) return text;
  const {
    attempt = '',
    seconds = '',
    domain = '',
    done = '',
    total = '',
    title = '',
    database = '',
    agent = '',
    keywords = '',
    focus = '',
    topic = '',
  } = parsed.values;
  const count = Number(parsed.values.count);
  const key: JobMessageKey = parsed.key;
  switch (key) {
    case 'waiting':
      return t`Waiting for a worker`;
    case 'scheduled':
      return t`Scheduled`;
    // The card's status says these already ("Completed · Completed").
    case 'started':
    case 'completed':
    case 'failed':
    case 'cancelled':
      return undefined;
    case 'attemptFailed':
      return t`Attempt ${attempt} failed; retrying`;
    case 'workerStopped':
      return t`The worker stopped (its process ended, or the time limit of ${seconds} s passed); retrying`;
    case 'processClosed':
      return t`Attempt ${attempt} stopped with its process; it runs again`;
    case 'analyticsReading':
      return t`Reading new page views from the site`;
    case 'oldRecordsRemoved':
      return t`Old records removed`;
    case 'screenshotOpening':
      return t`Opening the home page in Chromium`;
    case 'performanceLoading':
      return t`Loading the home page in Chromium`;
    case 'buyingDomain':
      return t`Buying ${domain}`;
    case 'boughtDomains':
      return t({ message: plural(count, { one: 'Bought # domain', other: 'Bought # domains' }) });
    case 'dnsSetUpOne':
      return t`Setting up DNS for ${domain}`;
    case 'dnsSetUpAll':
      return t({
        message: plural(count, { one: 'Set up DNS for # domain', other: 'Set up DNS for # domains' }),
      });
    case 'dnsResetOne':
      return t`Resetting DNS for ${domain}`;
    case 'dnsResetAll':
      return t({
        message: plural(count, { one: 'Reset DNS for # domain', other: 'Reset DNS for # domains' }),
      });
    case 'connectionTested':
      return t`Tested ${domain}`;
    case 'sitesSynced':
      return t`Synced ${done} of ${total} sites`;
    case 'pullReadingLists':
      return t`Reading categories, tags, media and the list of posts`;
    case 'pullReadingPosts':
      return t({
        message: plural(count, {
          one: 'Reading # new or changed post',
          other: 'Reading # new or changed posts',
        }),
      });
    case 'pullSavingPosts':
      return t({ message: plural(count, { one: 'Saving # post', other: 'Saving # posts' }) });
    case 'pushingPost':
      return t`Pushing ${title}`;
    case 'siteDnsSettingUp':
      return t`Setting up DNS on Cloudflare`;
    case 'siteCreating':
      return t`WordPress site creation in progress...`;
    case 'siteValidating':
      return t`Validating input`;
    case 'siteResuming':
      return t`Resuming an interrupted provisioning`;
    case 'sitePreparing':
      return t`Preparing the site directory`;
    case 'siteAlreadyProvisioned':
      return t`Site already provisioned`;
    case 'siteDirectoryReady':
      return t`Site directory ready`;
    case 'siteDatabaseCreating':
      return t`Creating the database and its user`;
    case 'siteDatabaseReady':
      return t`Database ${database} ready`;
    case 'siteFilesWriting':
      return t`Writing the site files`;
    case 'siteFilesReady':
      return t`Site files ready`;
    case 'siteInstalling':
      return t`Installing WordPress`;
    case 'siteInstalled':
      return t`WordPress installed`;
    case 'siteConfiguring':
      return t`Configuring the site and publishing the first post and page`;
    case 'siteConfigured':
      return t`Site configured`;
    case 'siteReady':
      return t`Site ready`;
    case 'siteStarting':
      return t`Starting the site`;
    case 'siteRecording':
      return t`Recording the site`;
    case 'siteStopping':
      return t`Stopping ${domain}`;
    case 'siteRemoving':
      return t`Removing the database, its user and the site files`;
    case 'siteUnlinking':
      return t`Unlinking the site`;
    case 'siteDeleted':
      return t`WordPress site of ${domain} deleted`;
    case 'ideasGenerating':
      return t({
        message: plural(count, {
          one: `${agent}: # idea about ${keywords}`,
          other: `${agent}: # ideas about ${keywords}`,
        }),
      });
    case 'ideaEvaluating':
      return t`${agent}: idea ${done} of ${total}`;
    case 'writingArticle':
      return t`Writing an in-depth article about ${focus}`;
    case 'writingPost':
      return t`Writing a blog post about ${focus}`;
    case 'writingPage':
      return t`Writing an evergreen page about ${focus}`;
    case 'savingPiece':
      return t`Saving the piece`;
    case 'savingDraft':
      return t`Saving the draft on ${domain}`;
    case 'keywordsAsking':
      return t`Asking for keyword ideas about ${topic}`;
    case 'keywordsMeasuring':
      return t({
        message: plural(count, { one: 'Measuring # keyword', other: 'Measuring # keywords' }),
      });
    case 'keywordsSaving':
      return t({ message: plural(count, { one: 'Saving # keyword', other: 'Saving # keywords' }) });
    default: {
      const unknown: never = key;
      return unknown;
    }
  }
}
