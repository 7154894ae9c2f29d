import type { FastifyInstance } from 'fastify';
import { helpCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { HelpService } from './service.js';
import type { TeamService } from './team.service.js';

export function helpRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  help: HelpService,
  team: TeamService,
): void {
  registerCall(app, auth, helpCalls.send, ({ viewer, body }) => help.send(viewer, body));
  registerCall(app, auth, helpCalls.teamContacts, () => team.list());
  registerCall(app, auth, helpCalls.adminList, ({ query }) => help.list(query));
  registerCall(app, auth, helpCalls.adminGet, ({ params }) => help.get(params.id));
  registerCall(app, auth, helpCalls.claim, ({ viewer, params }) => help.claim(viewer, params.id));
  registerCall(app, auth, helpCalls.addNote, ({ viewer, params, body }) =>
    help.addNote(viewer, params.id, body.text),
  );
  registerCall(app, auth, helpCalls.resolve, ({ viewer, params, body }) =>
    help.resolve(viewer, params.id, body.answer),
  );
  registerCall(app, auth, helpCalls.createTeamContact, ({ viewer, body }) =>
    team.create(viewer, body),
  );
  registerCall(app, auth, helpCalls.updateTeamContact, ({ viewer, params, body }) =>
    team.update(viewer, params.id, body),
  );
  registerCall(app, auth, helpCalls.deleteTeamContact, ({ viewer, params }) =>
    team.remove(viewer, params.id),
  );
}
