import { bearerToken, createContext, type ApiDeps } from '@blogfleet/api';
import type { FastifyRequest } from 'fastify';

/** The only place that turns a Fastify request into what procedures may know about it. */
export function contextFor(deps: ApiDeps, req: FastifyRequest) {
  return createContext(deps, {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    accessToken: bearerToken(req.headers.authorization),
  });
}
