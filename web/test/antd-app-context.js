// antd's App context for the jsdom tests: jest loads antd as CommonJS (lib/), so the app's import of the ES module path
// (antd/es/app/context) is mapped here, to lib's copy, the one `App.useApp()` reads in the tests.
import appContext from 'antd/lib/app/context.js';

export default appContext.default;
