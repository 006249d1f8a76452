import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import type { Question, Rule } from './knowledge.js';

export const knowledgeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQuestions: build.query<Question[], string>({
      query: (locationId) => ({ url: 'question/all', params: { location_id: locationId } }),
      providesTags: (result) => providesList(result, 'Question'),
    }),
    createQuestion: build.mutation<Question, Omit<Question, 'id'>>({
      query: (body) => ({ url: 'question', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([{ type: 'Question', id: LIST_ID }]),
    }),
    updateQuestion: build.mutation<Question, Pick<Question, 'id' | 'question' | 'answer'>>({
      query: ({ id, ...body }) => ({ url: `question/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [{ type: 'Question', id }]),
    }),
    deleteQuestion: build.mutation<{ deleted: true }, string>({
      query: (id) => ({ url: `question/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [{ type: 'Question', id: LIST_ID }, { type: 'Question', id }]),
    }),
    getRules: build.query<Rule[], string>({
      query: (locationId) => ({ url: 'rule/all', params: { location_id: locationId } }),
      providesTags: (result) => providesList(result, 'Rule'),
    }),
    createRule: build.mutation<Rule, Omit<Rule, 'id'>>({
      query: (body) => ({ url: 'rule', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([{ type: 'Rule', id: LIST_ID }]),
    }),
    updateRule: build.mutation<Rule, Pick<Rule, 'id' | 'description' | 'expected_output'>>({
      query: ({ id, ...body }) => ({ url: `rule/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [{ type: 'Rule', id }]),
    }),
    deleteRule: build.mutation<{ deleted: true }, string>({
      query: (id) => ({ url: `rule/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [{ type: 'Rule', id: LIST_ID }, { type: 'Rule', id }]),
    }),
  }),
});

export const {
  useGetQuestionsQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useGetRulesQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useDeleteRuleMutation,
} = knowledgeApi;
