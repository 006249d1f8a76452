// Generated from the contract registry by web/src/app/endpoints/generate.ts (npm run generate:endpoints -w @pm/web); do not edit.
// Cache tags and call options are declared in web/src/app/endpoints/assistant.ts.
import {
  CommunicateWithAssistant,
  DeleteChatSession,
  GetAssistantStatus,
  GetChatSession,
  GetChatStarterQuestions,
  GetChatToken,
  GetChatUsage,
  ListChatMessages,
  ListChatSessions,
  RateChatMessage,
  SendChatMessage,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { mutationOf, queryOf, type Keyed } from '../contract-endpoints.js';
import { assistant as declared } from '../endpoints/assistant.js';

export const assistantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    communicateWithAssistant: build.mutation<ResponseOf<typeof CommunicateWithAssistant>, Keyed<RequestInputOf<typeof CommunicateWithAssistant>>>(mutationOf(CommunicateWithAssistant, declared.CommunicateWithAssistant)),
    deleteChatSession: build.mutation<ResponseOf<typeof DeleteChatSession>, RequestInputOf<typeof DeleteChatSession>>(mutationOf(DeleteChatSession, declared.DeleteChatSession)),
    getAssistantStatus: build.query<ResponseOf<typeof GetAssistantStatus>, RequestInputOf<typeof GetAssistantStatus> | void>(queryOf(GetAssistantStatus, declared.GetAssistantStatus)),
    getChatSession: build.query<ResponseOf<typeof GetChatSession>, RequestInputOf<typeof GetChatSession>>(queryOf(GetChatSession, declared.GetChatSession)),
    getChatStarterQuestions: build.query<ResponseOf<typeof GetChatStarterQuestions>, RequestInputOf<typeof GetChatStarterQuestions> | void>(queryOf(GetChatStarterQuestions, declared.GetChatStarterQuestions)),
    getChatToken: build.query<ResponseOf<typeof GetChatToken>, RequestInputOf<typeof GetChatToken> | void>(queryOf(GetChatToken, declared.GetChatToken)),
    getChatUsage: build.query<ResponseOf<typeof GetChatUsage>, RequestInputOf<typeof GetChatUsage> | void>(queryOf(GetChatUsage, declared.GetChatUsage)),
    listChatMessages: build.query<ResponseOf<typeof ListChatMessages>, RequestInputOf<typeof ListChatMessages> | void>(queryOf(ListChatMessages, declared.ListChatMessages)),
    listChatSessions: build.query<ResponseOf<typeof ListChatSessions>, RequestInputOf<typeof ListChatSessions> | void>(queryOf(ListChatSessions, declared.ListChatSessions)),
    rateChatMessage: build.mutation<ResponseOf<typeof RateChatMessage>, RequestInputOf<typeof RateChatMessage>>(mutationOf(RateChatMessage, declared.RateChatMessage)),
    sendChatMessage: build.mutation<ResponseOf<typeof SendChatMessage>, Keyed<RequestInputOf<typeof SendChatMessage>>>(mutationOf(SendChatMessage, declared.SendChatMessage)),
  }),
});

export const {
  useCommunicateWithAssistantMutation,
  useDeleteChatSessionMutation,
  useGetAssistantStatusQuery,
  useGetChatSessionQuery,
  useGetChatStarterQuestionsQuery,
  useGetChatTokenQuery,
  useGetChatUsageQuery,
  useListChatMessagesQuery,
  useListChatSessionsQuery,
  useRateChatMessageMutation,
  useSendChatMessageMutation,
} = assistantApi;
