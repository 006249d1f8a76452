#!/usr/bin/env node
// `npm run dlq -- <command>` (or the package's `pm-dlq` bin): list and replay dead letters. See dlq-args.ts.
import { connectNats } from '../nats/connect-nats.js';
import { runDlqCommand } from './dlq-command.js';

const servers = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
process.exitCode = await runDlqCommand(process.argv.slice(2), () => connectNats({ servers, name: 'dlq-cli' }), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
