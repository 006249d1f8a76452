/** NATS header names the platform sets. Public API: consumers in other services read them. */
export const Headers = {
  /** JetStream de-duplication key; always the event id. */
  msgId: 'Nats-Msg-Id',
  correlationId: 'Pm-Correlation-Id',
  causationId: 'Pm-Causation-Id',
  /** The caller's bearer token on request/reply, so services verify the JWT themselves. */
  authorization: 'Authorization',
  actor: 'Pm-Actor',
  /** On request/reply: the client's Idempotency-Key of a creating call, as the BFF received it. */
  idempotencyKey: 'Pm-Idempotency-Key',
  /**
   * On request/reply: how long the caller waits for the reply, in ms from sending. Relative, so the two machines'
   * clocks need not agree; past it the answer has no reader, and slow work for it can stop (RequestContext.deadline).
   */
  replyWithinMs: 'Pm-Reply-Within-Ms',
  deadLetterReason: 'Pm-Dead-Letter-Reason',
  deadLetterConsumer: 'Pm-Dead-Letter-Consumer',
  deadLetterDeliveries: 'Pm-Dead-Letter-Deliveries',
  deadLetterOriginalSubject: 'Pm-Dead-Letter-Subject',
  /** On a replayed dead letter: the only consumer that handles it (the one that dead-lettered it). */
  replayConsumer: 'Pm-Replay-Consumer',
  /** On a replayed dead letter: its sequence in the dead-letter stream. */
  replayOf: 'Pm-Replay-Of',
} as const;
