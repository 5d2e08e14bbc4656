import { sql, type ContentExamplesTable, type Selectable } from '@blogfleet/db';
import {
  exampleMetadata,
  exampleStatuses,
  type CreateExampleInput,
  type ListExamplesInput,
  type UpdateExampleInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { notFound } from '../errors';
import { audit } from './audit';
import { listPage } from './list';
import { likePattern } from './search';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };
type ExampleRow = Selectable<ContentExamplesTable>;

/** A piece the generators are shown as a reference (doc2 §3), with its SEO metadata and voice. */
export const exampleView = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  status: z.enum(exampleStatuses),
  metadata: z.object({
    seo_title: z.string(),
    meta_description: z.string(),
    target_keywords: z.array(z.string()),
    audience: z.string(),
    genre: z.string(),
    tone: z.string(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExampleView = z.infer<typeof exampleView>;

/** Metadata as stored, read leniently: rows written before a field existed get its empty value. */
function metadataOf(raw: unknown): ExampleView['metadata'] {
  const parsed = exampleMetadata.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  return { seo_title: '', meta_description: '', target_keywords: [], audience: '', genre: '', tone: '' };
}

const toView = (r: ExampleRow): ExampleView => ({
  id: r.id,
  title: r.title,
  content: r.content,
  status: r.status,
  metadata: metadataOf(r.metadata),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

async function exampleRow(ctx: Pick<Context, 'db'>, id: number) {
  const row = await ctx.db.selectFrom('content_examples').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Content example');
  return row;
}

/** GET ai-content-pool/examples: search in title and content, by status; newest first. */
export async function listExamples(ctx: Pick<Context, 'db'>, input: ListExamplesInput) {
  let filtered = ctx.db.selectFrom('content_examples');
  if (input.status) filtered = filtered.where('status', '=', input.status);
  if (input.search) {
    const pattern = likePattern(input.search);
    filtered = filtered.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('content', 'ilike', pattern)]),
    );
  }
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'content_examples.id',
    sortBy: sql`content_examples.created_at`,
    order: input.order,
    sortValue: (r: ExampleRow) => r.created_at,
    select: (q) => q.selectAll('content_examples'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
  });
  return { examples: (rows as ExampleRow[]).map(toView), pagination };
}

export async function getExample(ctx: Pick<Context, 'db'>, id: number) {
  return toView(await exampleRow(ctx, id));
}

/** POST ai-content-pool/examples: a new example is active, so the next generator run may be shown it. */
export async function createExample(ctx: Ctx, input: CreateExampleInput) {
  const row = await ctx.db
    .insertInto('content_examples')
    .values({ title: input.title, content: input.content, metadata: input.metadata })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, { action: 'example.create', subjectType: 'example', subjectId: row.id, details: {} });
  return toView(row);
}

/**
 * PUT ai-content-pool/examples/{id}: a status alone (archived examples are never shown to the
 * generators; active brings one back), the whole example, or any of its parts.
 */
export async function updateExample(ctx: Ctx, input: UpdateExampleInput) {
  const before = await exampleRow(ctx, input.id);
  const row = await ctx.db
    .updateTable('content_examples')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.content !== undefined ? { content: input.content } : {}),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'example.update',
    subjectType: 'example',
    subjectId: row.id,
    details: before.status === row.status ? {} : { from: before.status, to: row.status },
  });
  return toView(row);
}
