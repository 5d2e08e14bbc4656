import type { CreateAgentInput, UpdateAgentInput } from '@blogfleet/validators';
import { agentActionTypes, agentTriggers } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import type { AgentRow } from './agent-runner';
import { audit } from './audit';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number; role: string } };

/** The model runs on the admin's API key: only an admin picks one for an agent. */
function checkModel(ctx: Ctx, model: string | null, before: string | null = null) {
  if (model !== before && ctx.user.role !== 'admin') {
    throw new AppError('FORBIDDEN', "Only an admin can choose an agent's model");
  }
}

/** An agent as the Agents tab shows it (doc2 §3: capabilities are its action type and trigger). */
export const agentView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  prompt_template: z.string(),
  is_active: z.boolean(),
  action_type: z.enum(agentActionTypes),
  trigger: z.string().describe(`One of ${agentTriggers.join(', ')}`),
  model: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgentView = z.infer<typeof agentView>;

const toView = (a: AgentRow): AgentView => ({
  id: a.id,
  name: a.name,
  description: a.description,
  prompt_template: a.prompt_template,
  is_active: a.is_active,
  action_type: a.action_type,
  trigger: a.trigger,
  model: a.model,
  created_at: a.created_at.toISOString(),
  updated_at: a.updated_at.toISOString(),
});

/** GET ai-content-pool/agents: every agent, the seven reference ones first. */
export async function listAgents(ctx: Pick<Context, 'db'>) {
  const rows = await ctx.db.selectFrom('agents').selectAll().orderBy('id').execute();
  return rows.map(toView);
}

export async function getAgent(ctx: Pick<Context, 'db'>, id: number) {
  const row = await ctx.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Agent');
  return toView(row);
}

/** POST ai-content-pool/agents: its template already checked for its action type's variables. */
export async function createAgent(ctx: Ctx, input: CreateAgentInput) {
  checkModel(ctx, input.model?.trim() || null);
  const row = await ctx.db
    .insertInto('agents')
    .values({ ...input, model: input.model?.trim() || null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'agent.create',
    subjectType: 'agent',
    subjectId: row.id,
    details: { name: row.name, action_type: row.action_type },
  });
  return toView(row);
}

/** PUT ai-content-pool/agents/{id}: the whole agent. */
export async function updateAgent(ctx: Ctx, input: UpdateAgentInput) {
  const { id, ...fields } = input;
  const before = await ctx.db.selectFrom('agents').select('model').where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound('Agent');
  // Not sent: the model stays (a user may save an agent whose model an admin chose).
  const model = fields.model === undefined ? before.model : fields.model?.trim() || null;
  checkModel(ctx, model, before.model);
  const row = await ctx.db
    .updateTable('agents')
    .set({ ...fields, model, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Agent');
  await audit(ctx, {
    action: 'agent.update',
    subjectType: 'agent',
    subjectId: id,
    details: { name: row.name, is_active: row.is_active },
  });
  return toView(row);
}
