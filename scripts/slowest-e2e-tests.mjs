// The same list as scripts/slowest-tests.mjs for Playwright, whose own reportSlowTests names files
// only: each test's last try beside its time limit (test.setTimeout included).
import { printSlowest } from './slowest-tests.mjs';

/** @implements {import('@playwright/test/reporter').Reporter} */
export default class SlowestE2eTests {
  /** @param {import('@playwright/test/reporter').Suite} suite */
  onBegin(_config, suite) {
    this.suite = suite;
  }

  onEnd() {
    printSlowest(
      this.suite.allTests().flatMap((test) => {
        const last = test.results.at(-1);
        return last ? [{ name: `${test.location.file.split('/e2e/').at(-1)} > ${test.titlePath().slice(3).join(' > ')}`, duration: last.duration, limit: test.timeout }] : [];
      }),
    );
  }
}
