/**
 * Ownership and modes of a site's files. With a separate sites' user (SiteUser.separate) everything
 * stays the server's: what PHP must read is group-readable by the sites' group (wp-config.php, helper
 * scripts, public/, wp-content/), what it must write is its own (wp-content/uploads and upgrade), and
 * what it has no business with is owner-only (site-info.json, the ledger). Nothing is for other users.
 */
import { chmod, chown, stat } from 'node:fs/promises';
import type { SiteUser } from './site-user';

const serverUid = () => process.getuid?.() ?? 0;

/** The server's, readable by the sites' user: `mode` 0640 for files, 0750 for directories. */
export async function shareWithSite(file: string, user: SiteUser, mode: 0o640 | 0o750): Promise<void> {
  if (user.separate) await chown(file, serverUid(), user.gid);
  await chmod(file, mode);
}

/** The sites' user's own directory (where WordPress writes uploads). */
export async function giveToSite(dir: string, user: SiteUser): Promise<void> {
  if (user.separate) await chown(dir, user.uid, user.gid);
  await chmod(dir, 0o750);
}

/**
 * The sites' user must pass through the hosts' root to reach its site directory; search (x) for others
 * lets it in without letting it list the root (the site directories are 0750 and the state dir 0700).
 */
export async function letSiteTraverse(dir: string, user: SiteUser): Promise<void> {
  if (!user.separate) return;
  const { mode } = await stat(dir);
  if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
}
