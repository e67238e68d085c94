import type { FastifyRequest } from 'fastify';
import { operatorOf, type OperatorPrincipal } from '../../plugins/operator-session';
import type { AuditActor } from './service';

/** The acting operator of an admin request, with the request's id and address. */
export function actorOf(request: FastifyRequest): AuditActor {
  return operatorActor(request, operatorOf(request).operator);
}

/** An operator as the actor of a request, also one refused before its route ran (a role it lacks). */
export function operatorActor(request: FastifyRequest, operator: OperatorPrincipal): AuditActor {
  return {
    operatorId: operator.id,
    operatorEmail: operator.email,
    role: operator.role,
    requestId: request.id,
    ip: request.ip,
  };
}

/** A request's id and address for a record whose actor is not signed in (a failed sign-in). */
export function requestActor(request: FastifyRequest, operatorEmail: string): AuditActor {
  return { operatorId: null, operatorEmail, role: null, requestId: request.id, ip: request.ip };
}
