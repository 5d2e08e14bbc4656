import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';
import type { SitePaths } from './paths';
import { runPhp, type PhpRunError } from './php-process';
import { TASK_MARKER } from './php-scripts';
import type { SiteUser } from './site-user';

/** PHP's output without the result line (it carries secrets such as the application password). */
const withoutResult = (out: string) =>
  out
    .split('\n')
    .filter((l) => !l.startsWith(TASK_MARKER))
    .join('\n');

/**
 * Runs `{siteDir}/wp-task.php {task}` as the sites' user with the task input (secrets included) on stdin,
 * and returns the JSON result it prints after TASK_MARKER. Any failure is PROVISION_FAILED with PHP's
 * own last words.
 */
export async function runSiteTask(
  host: WordPressHost,
  paths: SitePaths,
  user: SiteUser,
  task: 'install' | 'configure' | 'switch_theme',
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  try {
    const { stdout } = await runPhp(host.php, [paths.taskFile, task], {
      user,
      cwd: paths.publicDir,
      input: JSON.stringify(data),
      timeoutMs: 180_000,
    });
    const line = stdout.split('\n').find((l) => l.startsWith(TASK_MARKER));
    if (!line) throw new Error(`WordPress ${task} printed no result: ${withoutResult(stdout).slice(-500)}`);
    try {
      return JSON.parse(line.slice(TASK_MARKER.length)) as Record<string, unknown>;
    } catch {
      // The parser quotes what it read, and a result line carries the application password.
      throw new Error(`WordPress ${task} printed a result that is not JSON`);
    }
  } catch (error) {
    const err = error as Partial<PhpRunError> & Error;
    const detail = withoutResult((err.stderr || err.stdout || '').toString())
      .trim()
      .slice(-1000);
    throw new WordPressHostError(
      'PROVISION_FAILED',
      `WordPress ${task} failed: ${detail || err.message}`,
      {},
      { cause: error },
    );
  }
}
