import {
  CreateRule,
  DeleteQuestion,
  DeleteRule,
  ListQuestions,
  ListRules,
  UpdateQuestion,
  UpdateRule,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

type UpdateQuestionRequest = RequestInputOf<typeof UpdateQuestion>;
type UpdateRuleRequest = RequestInputOf<typeof UpdateRule>;

// Adding a Q&A item is shared with the inbox: `useCreateQuestionMutation` and `AddQuestionDialog` live in app/knowledge.
export const knowledgeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQuestions: build.query<ResponseOf<typeof ListQuestions>, string>({
      query: (locationId) => callOf(ListQuestions)({ location_id: locationId }),
      providesTags: (result) => providesList(result, 'Question'),
    }),
    updateQuestion: build.mutation<ResponseOf<typeof UpdateQuestion>, UpdateQuestionRequest>({
      query: callOf(UpdateQuestion),
      invalidatesTags: invalidatesOnSuccess((_result, { id }: UpdateQuestionRequest) => [{ type: 'Question', id }]),
    }),
    deleteQuestion: build.mutation<ResponseOf<typeof DeleteQuestion>, string>({
      query: (id) => callOf(DeleteQuestion)({ id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [{ type: 'Question', id: LIST_ID }, { type: 'Question', id }]),
    }),
    getRules: build.query<ResponseOf<typeof ListRules>, string>({
      query: (locationId) => callOf(ListRules)({ location_id: locationId }),
      providesTags: (result) => providesList(result, 'Rule'),
    }),
    createRule: build.mutation<ResponseOf<typeof CreateRule>, RequestInputOf<typeof CreateRule>>({
      query: callOf(CreateRule),
      invalidatesTags: invalidatesOnSuccess([{ type: 'Rule', id: LIST_ID }]),
    }),
    updateRule: build.mutation<ResponseOf<typeof UpdateRule>, UpdateRuleRequest>({
      query: callOf(UpdateRule),
      invalidatesTags: invalidatesOnSuccess((_result, { id }: UpdateRuleRequest) => [{ type: 'Rule', id }]),
    }),
    deleteRule: build.mutation<ResponseOf<typeof DeleteRule>, string>({
      query: (id) => callOf(DeleteRule)({ id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [{ type: 'Rule', id: LIST_ID }, { type: 'Rule', id }]),
    }),
  }),
});

export const {
  useGetQuestionsQuery,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useGetRulesQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useDeleteRuleMutation,
} = knowledgeApi;
