import { sql, type Database, type Kysely } from '@blogfleet/db';

/**
 * Keeps the keywords that came to sites with keyword groups in step with those groups, for the given
 * sites and keywords: a keyword a group on the site holds is assigned (active when an active group
 * holds it, otherwise inactive); one no group holds any more is taken off. Assignments made by hand
 * are left as they are. Run in the transaction that changed the groups, after the change.
 */
export async function settleGroupKeywords(
  db: Kysely<Database>,
  scope: { siteIds: number[]; keywordIds: number[] },
): Promise<void> {
  const siteIds = [...new Set(scope.siteIds)];
  const keywordIds = [...new Set(scope.keywordIds)];
  if (siteIds.length === 0 || keywordIds.length === 0) return;
  const sites = sql`${sql.val(siteIds)}::int[]`;
  const keywords = sql`${sql.val(keywordIds)}::int[]`;
  const holders = sql`
    SELECT gs.site_id, gk.keyword_id, bool_or(gs.status = 'active') AS active
    FROM keyword_group_sites gs
    JOIN keyword_group_keywords gk ON gk.group_id = gs.group_id
    WHERE gs.site_id = ANY(${sites}) AND gk.keyword_id = ANY(${keywords})
    GROUP BY gs.site_id, gk.keyword_id`;
  await sql`
    DELETE FROM keyword_sites ks
    WHERE NOT ks.by_hand AND ks.site_id = ANY(${sites}) AND ks.keyword_id = ANY(${keywords})
      AND NOT EXISTS (
        SELECT 1 FROM keyword_group_sites gs
        JOIN keyword_group_keywords gk ON gk.group_id = gs.group_id
        WHERE gs.site_id = ks.site_id AND gk.keyword_id = ks.keyword_id
      )`.execute(db);
  await sql`
    INSERT INTO keyword_sites (site_id, keyword_id, status, by_hand)
    SELECT h.site_id, h.keyword_id, CASE WHEN h.active THEN 'active' ELSE 'inactive' END, false
    FROM (${holders}) h
    ON CONFLICT (keyword_id, site_id) DO UPDATE SET status = excluded.status
      WHERE NOT keyword_sites.by_hand AND keyword_sites.status <> excluded.status`.execute(db);
}
