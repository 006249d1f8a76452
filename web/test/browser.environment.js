// jsdom has no fetch, Request/Response or web streams, and its AbortSignal is not one Node's fetch accepts. Browsers
// have all of them, so the test window gets Node's implementations (one realm for fetch, streams and abort signals).
// Relative URLs resolve against the document as in a browser: RTK Query builds `new Request('/api/...')`.
import './indexed-style-rules.js';
import './indexed-named-items.js';
import { TestEnvironment } from 'jest-environment-jsdom';

const nodeGlobals = [
  'fetch', 'Headers', 'Response', 'FormData', 'Blob', 'File',
  'ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoderStream', 'TextDecoderStream',
  'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'structuredClone', 'BroadcastChannel',
  'MessagePort',
];

export default class BrowserEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const window = this.global;
    for (const name of nodeGlobals) window[name] = globalThis[name];

    window.Request = class DocumentRequest extends Request {
      constructor(input, init) {
        const resolved = typeof input === 'string' || input instanceof URL ? new URL(String(input), window.location.href) : input;
        super(resolved, init);
      }
    };

    // antd's forms and React's scheduler post through MessageChannel. Node's open ports keep the process alive, so
    // every channel a test file created is closed when its environment is torn down.
    const channels = (this.channels = []);
    window.MessageChannel = class ClosableMessageChannel extends MessageChannel {
      constructor() {
        super();
        channels.push(this);
      }
    };
  }

  async teardown() {
    for (const channel of this.channels) {
      channel.port1.close();
      channel.port2.close();
    }
    await super.teardown();
  }
}
