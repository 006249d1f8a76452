// The browser journeys' test environment: Node's, plus one flag the journey helper reads after each test. Jest tells
// an afterEach hook nothing of how its test ended, and counting assertions (what the helper did before) misses the
// commonest failure of a journey, a Playwright call that throws (a locator that never appears): the page is then
// photographed for no failure at all. The environment sees every test's failure as it happens.
import { TestEnvironment } from 'jest-environment-node';

/** Set on the test's global: `true` once the running test (or one of its hooks) has failed. */
export const JOURNEY_FAILED = '__journeyFailed';

export default class JourneyEnvironment extends TestEnvironment {
  handleTestEvent(event) {
    if (event.name === 'test_start') this.global[JOURNEY_FAILED] = false;
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.global[JOURNEY_FAILED] = true;
  }
}
