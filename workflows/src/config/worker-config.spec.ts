import { loadWorkerConfig } from './worker-config.js';

describe('loadWorkerConfig', () => {
  it('applies the defaults when only the required variables are set', () => {
    expect(loadWorkerConfig({ TEMPORAL_ADDRESS: '127.0.0.1:7233', HTTP_PORT: '3190' })).toEqual({
      TEMPORAL_ADDRESS: '127.0.0.1:7233',
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: 'pm-workflows',
      HTTP_PORT: 3190,
      LOG_LEVEL: 'info',
    });
  });

  it('accepts explicit values and normalises the log level', () => {
    const config = loadWorkerConfig({
      TEMPORAL_ADDRESS: 'temporal-frontend:7233',
      TEMPORAL_NAMESPACE: 'pm',
      TEMPORAL_TASK_QUEUE: 'pm-workflows-eu',
      HTTP_PORT: '8080',
      LOG_LEVEL: 'DEBUG',
    });
    expect(config).toMatchObject({ TEMPORAL_NAMESPACE: 'pm', TEMPORAL_TASK_QUEUE: 'pm-workflows-eu', HTTP_PORT: 8080, LOG_LEVEL: 'debug' });
  });

  it('names every bad variable in one error', () => {
    let message = '';
    try {
      loadWorkerConfig({ TEMPORAL_ADDRESS: 'http://temporal', HTTP_PORT: '70000', LOG_LEVEL: 'verbose' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('TEMPORAL_ADDRESS must be host:port');
    expect(message).toContain('HTTP_PORT must be between 1 and 65535');
    expect(message).toContain('LOG_LEVEL');
  });

  it('reports missing and empty required variables', () => {
    expect(() => loadWorkerConfig({ HTTP_PORT: '' })).toThrow(
      /TEMPORAL_ADDRESS is required[\s\S]*HTTP_PORT is required/,
    );
  });

  it('rejects a port that is not a number', () => {
    expect(() => loadWorkerConfig({ TEMPORAL_ADDRESS: '127.0.0.1:7233', HTTP_PORT: 'abc' })).toThrow('HTTP_PORT must be a port number');
  });

  it('takes service client credentials as a pair only', () => {
    const base = { TEMPORAL_ADDRESS: '127.0.0.1:7233', HTTP_PORT: '3190' };
    const secret = 'f'.repeat(64);
    expect(loadWorkerConfig({ ...base, SERVICE_CLIENT_ID: 'workflows', SERVICE_CLIENT_SECRET: secret })).toMatchObject({
      SERVICE_CLIENT_ID: 'workflows',
      SERVICE_CLIENT_SECRET: secret,
    });
    expect(() => loadWorkerConfig({ ...base, SERVICE_CLIENT_ID: 'workflows' })).toThrow(
      'SERVICE_CLIENT_SECRET SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET go together',
    );
  });
});
