import type { Config } from './config.js';
import type { SeedResult } from './db/seed.js';
import { paymentsStartupWarning } from './modules/payments/payments.routes.js';

/** What an operator should know about this configuration before taking traffic. */
export function startupWarnings(config: Config): string[] {
  return [paymentsStartupWarning(config)].filter((warning) => warning !== undefined);
}

const LABEL_WIDTH = 21;
const WIDTH = 100;

/** `  Label:      value`, the value wrapped at WIDTH with its continuation lines under it. */
function row(label: string, value: string): string[] {
  const lines: string[] = [];
  let line = `  ${`${label}:`.padEnd(LABEL_WIDTH)}`;
  let empty = true;
  for (const word of value.split(' ')) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(LABEL_WIDTH + 2);
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  return [...lines, line];
}

/**
 * What the server prints once it listens, after every start-up log line: the start-up warnings,
 * then where the panel is and, on the first start, the first admin's password, last, so that it is
 * what the terminal shows until a request goes wrong.
 */
export function startBanner(options: { config: Config; seeded: SeedResult; mails: string; warnings: string[] }): string {
  const { config, seeded } = options;
  const warnings = options.warnings.flatMap((warning) => row('Warning', warning));
  const lines = [
    ...row('Reseller panel', config.publicUrl),
    ...row('Admin sign-in', `${config.publicUrl}/${seeded.adminLoginPrefix}/admin-login`),
    ...row('API documentation', `${config.publicUrl}/api/docs`),
    ...row(
      'Database',
      config.databaseUrl
        ? config.databasePooler === 'transaction'
          ? 'PostgreSQL through a pooler in transaction mode (sessions over DATABASE_DIRECT_URL)'
          : 'PostgreSQL'
        : `PGlite in ${config.dataDir}`,
    ),
    ...row('Mails go to', options.mails),
    ...row('Node.js', process.version),
  ];
  if (config.tracing) lines.push(...row('Tracing', `OpenTelemetry, spans to ${endpointOrigin()}`));
  if (seeded.createdAdmin) {
    lines.push(...row('First admin', seeded.createdAdmin.email));
    if (seeded.createdAdmin.password) lines.push(`${row('Admin password', seeded.createdAdmin.password)[0]}   (shown once: write it down)`);
  }
  return [...(warnings.length > 0 ? ['', ...warnings] : []), '', ...lines, '', ''].join('\n');
}

/** Where spans go, without a path, query or credentials that the URL may carry. */
function endpointOrigin(): string {
  const url = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '';
  try {
    return new URL(url).origin;
  } catch {
    return 'an OTLP endpoint';
  }
}
