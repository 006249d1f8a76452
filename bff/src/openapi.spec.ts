import { readFileSync } from 'node:fs';
import { generateOpenApi, OPENAPI_FILE } from './openapi.js';

describe('bff/openapi.json', () => {
  it('is up to date with the controllers (regenerate with: npm run openapi -w @pm/bff)', async () => {
    expect(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'))).toEqual(JSON.parse(await generateOpenApi()));
  });
});

describe('what bff/openapi.json documents', () => {
  const responsesOf = async (method: string, path: string): Promise<string[]> => {
    const document = JSON.parse(await generateOpenApi()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    return Object.keys(document.paths[path]![method]!.responses).sort();
  };

  // Each status below is one schemathesis met and the description did not list (bff/test/openapi-conformance.int-spec.ts).
  it('documents the redirects of link targets as 302, never an invented 200', async () => {
    for (const path of ['/api/auth/verify-email', '/api/auth/recover', '/api/auth/google/callback']) expect(await responsesOf('get', path)).toEqual(['302']);
    expect(await responsesOf('get', '/api/auth/google')).toEqual(['302', '503']);
  });

  it('documents a taken e-mail on sign-up, a missing session on refresh and resident-login, sign-out\'s 204 and the anonymous rate limit', async () => {
    expect(await responsesOf('post', '/api/auth/sign-up')).toContain('409');
    expect(await responsesOf('post', '/api/auth/refresh')).toContain('401');
    expect(await responsesOf('post', '/api/auth/resident-login')).toContain('401');
    expect(await responsesOf('post', '/api/auth/sign-out')).toEqual(['204', '403', '415']);
    // Anonymous sessions are limited per address like sign-in (identity's rate limit).
    expect(await responsesOf('post', '/api/auth/anonymous')).toContain('429');
  });

  it('documents what the API accepts: no body on POST auth/anonymous, an empty days window', async () => {
    const document = JSON.parse(await generateOpenApi()) as {
      paths: Record<string, Record<string, { requestBody?: { required?: boolean }; parameters?: { name: string; schema: unknown }[] }>>;
    };
    expect(document.paths['/api/auth/anonymous']!['post']!.requestBody?.required).toBe(false);
    const days = document.paths['/api/todo/location/{locationId}/expiring-leases']!['get']!.parameters!.find((parameter) => parameter.name === 'days');
    const [, pattern] = /"pattern":("(?:[^"\\]|\\.)*")/.exec(JSON.stringify(days?.schema)) ?? [];
    const windowPattern = new RegExp(JSON.parse(pattern!) as string, 'u');
    expect(['', '60', ' 365 ', '007'].filter((value) => !windowPattern.test(value))).toEqual([]);
    expect(['0', '366', '6O', '1000'].filter((value) => windowPattern.test(value))).toEqual([]);
  });
});
