import type { FastifyInstance } from 'fastify';
import { authCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { AuthService } from './service.js';

export function authRoutes(app: FastifyInstance, auth: AuthDeps, service: AuthService): void {
  app.addHook('onClose', () => service.settle());
  registerCall(app, auth, authCalls.userRegister, ({ body }) => service.registerUser(body));
  registerCall(
    app,
    auth,
    authCalls.driverRegister,
    ({ upload }) => service.registerDriver(upload),
    {
      upload: service.identityUploads,
    },
  );
  registerCall(app, auth, authCalls.driverLogin, ({ body }) => service.login(body));
  registerCall(app, auth, authCalls.userLogin, ({ body }) => service.login(body));
  registerCall(app, auth, authCalls.me, async ({ viewer }) => service.me(viewer), {
    allowBlocked: true,
  });
  registerCall(app, auth, authCalls.logout, ({ viewer }) => service.logout(viewer), {
    allowBlocked: true,
  });
  registerCall(app, auth, authCalls.forgotPassword, async ({ body }) =>
    service.forgotPassword(body.email),
  );
  registerCall(app, auth, authCalls.resetPassword, ({ params, body }) =>
    service.resetPassword(params.token, body.password),
  );
}
