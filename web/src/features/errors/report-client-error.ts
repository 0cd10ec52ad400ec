import { CLIENT_ERROR_LIMITS, reportClientErrorEndpoint, type ClientErrorBody } from '@panel/contract';
import { call } from '../../api/client';

/** The commit the app was built from (vite.config.ts). */
declare const __APP_VERSION__: string;

/**
 * Writes a failure the app could not recover from to the console and reports it to the server's
 * log (POST /api/client-errors), with the session when there is one. `route` is the route's
 * pattern: a path may carry a token (/reset-password/:token), a query string an e-mail address.
 * Reporting never fails in turn: a refused or lost report is only a console line.
 */
export function reportClientError(error: unknown, route: string) {
  console.error(`The page ${route} could not be displayed:`, error);
  const failure = error instanceof Error ? error : new Error(String(error));
  const body: ClientErrorBody = {
    message: (failure.message || failure.name).slice(0, CLIENT_ERROR_LIMITS.message),
    stack: failure.stack?.slice(0, CLIENT_ERROR_LIMITS.stack),
    route: route.split(/[?#]/)[0]!.slice(0, CLIENT_ERROR_LIMITS.route),
    app_version: __APP_VERSION__.slice(0, CLIENT_ERROR_LIMITS.appVersion),
    user_agent: navigator.userAgent.slice(0, CLIENT_ERROR_LIMITS.userAgent),
  };
  call(reportClientErrorEndpoint, { body, allowUnauthorized: true }).catch((reportError: unknown) =>
    console.warn('The error report did not reach the server:', reportError),
  );
}
