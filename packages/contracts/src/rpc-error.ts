import { z } from 'zod';

/**
 * The error half of every request/reply: an HTTP-like status the BFF maps 1:1, and a message written for the
 * person using the product (the spec's own text where it has one). `code` is for machines.
 */
export const RpcErrorBodySchema = z.object({
  status: z.number().int().min(400).max(599),
  message: z.string().min(1),
  code: z.string().min(1).optional(),
  details: z.unknown().optional(),
});
export type RpcErrorBody = z.infer<typeof RpcErrorBodySchema>;

export const RpcReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: RpcErrorBodySchema }),
]);
export type RpcReply = z.infer<typeof RpcReplySchema>;
