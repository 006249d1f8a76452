import { DlqUsageError, parseDlqArgs } from './dlq-args.js';

describe('parseDlqArgs', () => {
  it('reads list, with or without a subject', () => {
    expect(parseDlqArgs(['list'])).toEqual({ kind: 'list' });
    expect(parseDlqArgs(['list', '--subject', 'pm.portfolio.>'])).toEqual({ kind: 'list', subject: 'pm.portfolio.>' });
  });

  it('reads the three replay selections', () => {
    expect(parseDlqArgs(['replay', '42'])).toEqual({ kind: 'replay', selection: { seq: 42 } });
    expect(parseDlqArgs(['replay', '--subject', 'pm.portfolio.tenant.created.v1'])).toEqual({
      kind: 'replay',
      selection: { subject: 'pm.portfolio.tenant.created.v1' },
    });
    expect(parseDlqArgs(['replay', '--all'])).toEqual({ kind: 'replay', selection: { all: true } });
  });

  it('answers help for no command', () => {
    expect(parseDlqArgs([])).toEqual({ kind: 'help' });
    expect(parseDlqArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['replay']],
    [['replay', '0']],
    [['replay', 'abc']],
    [['replay', '--all', '--subject', 'pm.x']],
    [['replay', '--subject']],
    [['list', '--subject', 'orders.created']],
    [['list', 'pm.portfolio.>']],
    [['purge']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseDlqArgs(argv)).toThrow(DlqUsageError);
  });
});
