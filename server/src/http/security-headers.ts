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

/**
 * The API documentation page's policy: @fastify/swagger-ui's static one (its scripts by hash), with
 * inline styles allowed, because Swagger UI sets style attributes as it renders (a hash cannot
 * cover those, and a hash in style-src would switch 'unsafe-inline' off). For /api/docs alone:
 * every other answer keeps the policy above.
 */
export function docsCsp(header: string): string {
  return header.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';");
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = computeHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
