/**
 * An autocannon run whose requests each carry the next body of a list (read from the JSON file
 * named by argv[2]), in its own process as the CLI runs are. Prints autocannon's JSON result.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  bodies: unknown[];
};
let next = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  method: 'POST',
  headers: { ...spec.headers, 'content-type': 'application/json' },
  requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(spec.bodies[next++ % spec.bodies.length]) }) }],
});
process.stdout.write(JSON.stringify(result));
