import {
  ListSandboxPhoneMessages,
  ListSandboxPhoneNumbers,
  PlaceSandboxCall,
  SendSandboxSms,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

export type SandboxNumbers = ResponseOf<typeof ListSandboxPhoneNumbers>;
export type SandboxConversation = ResponseOf<typeof ListSandboxPhoneMessages>;
export type SandboxCallTurn = ResponseOf<typeof PlaceSandboxCall>;

/**
 * The sandbox phone (local profile only: every call answers 404 elsewhere, which is how the shell knows whether to
 * show it). Each text and call turn carries an Idempotency-Key made once per action, so a retried request is answered
 * without posting twice.
 */
export const sandboxPhoneApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSandboxPhoneNumbers: build.query<SandboxNumbers, void>({
      query: () => callOf(ListSandboxPhoneNumbers)({}),
    }),
    getSandboxPhoneMessages: build.query<SandboxConversation, string>({
      query: (phone) => callOf(ListSandboxPhoneMessages)({ phone }),
      providesTags: (_result, _error, phone) => [{ type: 'SandboxPhoneMessage', id: phone }],
    }),
    sendSandboxSms: build.mutation<ResponseOf<typeof SendSandboxSms>, RequestInputOf<typeof SendSandboxSms> & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...request }) => ({ ...callOf(SendSandboxSms)(request), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: invalidatesOnSuccess((_result, { from }: { from: string }) => [{ type: 'SandboxPhoneMessage', id: from }]),
    }),
    placeSandboxCall: build.mutation<SandboxCallTurn, RequestInputOf<typeof PlaceSandboxCall> & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...request }) => ({ ...callOf(PlaceSandboxCall)(request), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: invalidatesOnSuccess((_result, { from }: { from: string }) => [{ type: 'SandboxPhoneMessage', id: from }, { type: 'InboundCall', id: 'LIST' }]),
    }),
  }),
});

export const { useGetSandboxPhoneNumbersQuery, useGetSandboxPhoneMessagesQuery, useSendSandboxSmsMutation, usePlaceSandboxCallMutation } = sandboxPhoneApi;
