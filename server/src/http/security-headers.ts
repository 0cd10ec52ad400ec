import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers, worked out once: they are the same for every answer, and building them per
 * request (as @fastify/helmet does) cost a measurable share of a short API call.
 */
function computeHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine and the API documentation page set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  })({} as never, response as never, () => undefined);
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = computeHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
