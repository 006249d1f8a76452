import { LogTimestamp } from '@temporalio/worker';
import { JsonLogger } from './json-logger.js';

function capture(level: ConstructorParameters<typeof JsonLogger>[0]) {
  const lines: string[] = [];
  const logger = new JsonLogger(level, { service: 'workflows' }, (line) => lines.push(line));
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, entries };
}

describe('JsonLogger', () => {
  it('writes one JSON object per line with level, message, bindings and metadata', () => {
    const { logger, lines, entries } = capture('info');
    logger.info('worker started', { taskQueue: 'pm-workflows' });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(entries()[0]).toMatchObject({ level: 'info', msg: 'worker started', service: 'workflows', taskQueue: 'pm-workflows' });
    expect(Date.parse(entries()[0]!.time as string)).not.toBeNaN();
  });

  it('drops lines below its level', () => {
    const { logger, entries } = capture('warn');
    logger.debug('noise');
    logger.info('noise');
    logger.warn('kept');
    logger.error('kept too');
    expect(entries().map((entry) => entry.level)).toEqual(['warn', 'error']);
  });

  it('children inherit level and bindings', () => {
    const { logger, entries } = capture('info');
    const child = logger.child({ component: 'health' });
    child.debug('hidden');
    child.info('listening');
    expect(entries()).toEqual([expect.objectContaining({ msg: 'listening', service: 'workflows', component: 'health' })]);
  });

  it('serialises bigints and errors, and uses the SDK timestamp when one is given', () => {
    const { logger, entries } = capture('trace');
    const at = Date.UTC(2025, 0, 2, 3, 4, 5);
    logger.error('activity failed', { attempt: 3n, error: new Error('boom'), [LogTimestamp]: BigInt(at) * 1_000_000n });
    const [entry] = entries();
    expect(entry).toMatchObject({ attempt: '3', error: { name: 'Error', message: 'boom' }, time: new Date(at).toISOString() });
  });
});
