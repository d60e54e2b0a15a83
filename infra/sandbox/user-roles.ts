import type { IncomingMessage, ServerResponse } from 'node:http';
import { NotFound } from '#functions/core/errors';
import { withEnvironment, type Environment } from '#functions/core/environment';
import {
  ASSIGNABLE_ROLES,
  isAssignableRole,
  setRoleByEmail,
} from '#functions/domain/accounts/roles';
import { errorMessage, readBody, sendJson } from './responses';
import type { Route } from './service';

/**
 * The sandbox's way to make someone staff, for tests and for trying the staff pages (in AWS:
 * `npm run role -- EMAIL staff --stage NAME`). No route of the API itself can change a role.
 *
 *   POST /_sandbox/api/users/role   { email, role: user | staff | admin } → 200 { userId, role, previous }, 404
 */
export const sandboxUserRoles = (options: { environment: Environment }): { routes: Route[] } => {
  const api = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST')
      return sendJson(response, 405, { message: 'Method Not Allowed' });
    let body: { email?: unknown; role?: unknown };
    try {
      body = JSON.parse(await readBody(request, 4096)) as typeof body;
    } catch {
      return sendJson(response, 400, { message: 'Send JSON: { "email": …, "role": … }' });
    }
    if (typeof body?.email !== 'string' || !isAssignableRole(body.role)) {
      return sendJson(response, 400, {
        message: `Send { "email": "…", "role": "${ASSIGNABLE_ROLES.join('" | "')}" }`,
      });
    }
    const { email, role } = body;
    try {
      const { userId, previous } = await withEnvironment(options.environment, () =>
        setRoleByEmail(email, role),
      );
      sendJson(response, 200, { userId, role, previous });
    } catch (error) {
      if (error instanceof NotFound) return sendJson(response, 404, { message: error.message });
      sendJson(response, 500, { message: errorMessage(error) });
    }
  };
  return {
    routes: [{ prefix: '/_sandbox/api/users/role', name: 'the sandbox roles', handle: api }],
  };
};
