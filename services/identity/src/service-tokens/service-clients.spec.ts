import { contexts } from '@pm/contracts';
import { identityEnv } from '../config/identity-env.js';
import { serviceClientNamed, serviceClients } from './service-clients.js';

describe('service clients', () => {
  it.each(Object.entries(serviceClients))('%s has a secret variable identity reads and only known audiences', (_id, client) => {
    expect(Object.keys(identityEnv.shape)).toContain(client.secretVariable);
    for (const audience of client.audiences) expect(contexts).toContain(audience);
  });

  it('does not take inherited object keys for clients', () => {
    expect(serviceClientNamed('constructor')).toBeUndefined();
    expect(serviceClientNamed('__proto__')).toBeUndefined();
  });
});
