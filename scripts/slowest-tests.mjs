// A Vitest reporter for the CI output: the ten slowest tests of the run, each beside its time
// limit, so that a limit running short on a busy machine shows before it fails. It also names the
// Node.js that ran the suite (the one `npm ci` installs, through node_modules/.bin on the PATH).
import path from 'node:path';

/**
 * Prints the ten slowest of the finished tests.
 * @param {{ name: string, duration: number, limit: number }[]} tests times in milliseconds
 */
export function printSlowest(tests) {
  const slowest = [...tests].sort((a, b) => b.duration - a.duration).slice(0, 10);
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
  const lines = slowest.map((test) => `  ${seconds(test.duration)} of ${seconds(test.limit)}  ${test.name}`);
  console.log(`\nThe ${slowest.length} slowest tests (Node.js ${process.version}):\n${lines.join('\n')}\n`);
}

/** @implements {import('vitest/node').Reporter} */
export default class SlowestTests {
  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.root = vitest.config.root;
    this.testTimeout = vitest.config.testTimeout;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    printSlowest(
      testModules.flatMap((testModule) =>
        [...testModule.children.allTests()].map((test) => ({
          name: `${path.relative(this.root, test.module.moduleId)} > ${test.fullName}`,
          duration: test.diagnostic()?.duration ?? 0,
          limit: test.options.timeout ?? this.testTimeout,
        })),
      ),
    );
  }
}
