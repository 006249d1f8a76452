import { CreateQuestion, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../cache-tags.js';
import { callOf } from '../contract-endpoints.js';

/**
 * Adding a Q&A item: from the location's Questions & Answers (the knowledge feature) and from a draft card that
 * deferred to the manager (the inbox), so it lives here.
 */
export const questionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createQuestion: build.mutation<ResponseOf<typeof CreateQuestion>, RequestInputOf<typeof CreateQuestion>>({
      query: callOf(CreateQuestion),
      invalidatesTags: invalidatesOnSuccess([{ type: 'Question', id: LIST_ID }]),
    }),
  }),
});

export const { useCreateQuestionMutation } = questionsApi;
