// Generated from the contract registry by web/src/app/endpoints/generate.ts (npm run generate:endpoints -w @pm/web); do not edit.
// Cache tags and call options are declared in web/src/app/endpoints/payments.ts.
import {
  CreateConnectDashboardLink,
  GeneratePaymentLink,
  GenerateRentLink,
  GetCheckoutPayment,
  GetConnectAccountStatus,
  GetLocationRentRoll,
  GetMonthlyPayments,
  GetPaymentBreakdown,
  GetRentDetails,
  GetUnitLedger,
  ListPayments,
  ListRentPrices,
  RecordPayment,
  SendPaymentLinkEmail,
  StartConnectOnboarding,
  UpdateRentDetails,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { mutationOf, queryOf, type Keyed } from '../contract-endpoints.js';
import { payments as declared } from '../endpoints/payments.js';

export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createConnectDashboardLink: build.mutation<ResponseOf<typeof CreateConnectDashboardLink>, RequestInputOf<typeof CreateConnectDashboardLink> | void>(mutationOf(CreateConnectDashboardLink, declared.CreateConnectDashboardLink)),
    generatePaymentLink: build.mutation<ResponseOf<typeof GeneratePaymentLink>, Keyed<RequestInputOf<typeof GeneratePaymentLink>>>(mutationOf(GeneratePaymentLink, declared.GeneratePaymentLink)),
    generateRentLink: build.mutation<ResponseOf<typeof GenerateRentLink>, Keyed<RequestInputOf<typeof GenerateRentLink>>>(mutationOf(GenerateRentLink, declared.GenerateRentLink)),
    getCheckoutPayment: build.query<ResponseOf<typeof GetCheckoutPayment>, RequestInputOf<typeof GetCheckoutPayment>>(queryOf(GetCheckoutPayment, declared.GetCheckoutPayment)),
    getConnectAccountStatus: build.query<ResponseOf<typeof GetConnectAccountStatus>, RequestInputOf<typeof GetConnectAccountStatus> | void>(queryOf(GetConnectAccountStatus, declared.GetConnectAccountStatus)),
    getLocationRentRoll: build.query<ResponseOf<typeof GetLocationRentRoll>, RequestInputOf<typeof GetLocationRentRoll>>(queryOf(GetLocationRentRoll, declared.GetLocationRentRoll)),
    getMonthlyPayments: build.query<ResponseOf<typeof GetMonthlyPayments>, RequestInputOf<typeof GetMonthlyPayments>>(queryOf(GetMonthlyPayments, declared.GetMonthlyPayments)),
    getPaymentBreakdown: build.query<ResponseOf<typeof GetPaymentBreakdown>, RequestInputOf<typeof GetPaymentBreakdown>>(queryOf(GetPaymentBreakdown, declared.GetPaymentBreakdown)),
    getRentDetails: build.query<ResponseOf<typeof GetRentDetails>, RequestInputOf<typeof GetRentDetails>>(queryOf(GetRentDetails, declared.GetRentDetails)),
    getUnitLedger: build.query<ResponseOf<typeof GetUnitLedger>, RequestInputOf<typeof GetUnitLedger>>(queryOf(GetUnitLedger, declared.GetUnitLedger)),
    listPayments: build.query<ResponseOf<typeof ListPayments>, RequestInputOf<typeof ListPayments> | void>(queryOf(ListPayments, declared.ListPayments)),
    listRentPrices: build.query<ResponseOf<typeof ListRentPrices>, RequestInputOf<typeof ListRentPrices>>(queryOf(ListRentPrices, declared.ListRentPrices)),
    recordPayment: build.mutation<ResponseOf<typeof RecordPayment>, Keyed<RequestInputOf<typeof RecordPayment>>>(mutationOf(RecordPayment, declared.RecordPayment)),
    sendPaymentLinkEmail: build.mutation<ResponseOf<typeof SendPaymentLinkEmail>, Keyed<RequestInputOf<typeof SendPaymentLinkEmail>>>(mutationOf(SendPaymentLinkEmail, declared.SendPaymentLinkEmail)),
    startConnectOnboarding: build.mutation<ResponseOf<typeof StartConnectOnboarding>, Keyed<RequestInputOf<typeof StartConnectOnboarding>> | void>(mutationOf(StartConnectOnboarding, declared.StartConnectOnboarding)),
    updateRentDetails: build.mutation<ResponseOf<typeof UpdateRentDetails>, RequestInputOf<typeof UpdateRentDetails>>(mutationOf(UpdateRentDetails, declared.UpdateRentDetails)),
  }),
});

export const {
  useCreateConnectDashboardLinkMutation,
  useGeneratePaymentLinkMutation,
  useGenerateRentLinkMutation,
  useGetCheckoutPaymentQuery,
  useGetConnectAccountStatusQuery,
  useGetLocationRentRollQuery,
  useGetMonthlyPaymentsQuery,
  useGetPaymentBreakdownQuery,
  useGetRentDetailsQuery,
  useGetUnitLedgerQuery,
  useListPaymentsQuery,
  useListRentPricesQuery,
  useRecordPaymentMutation,
  useSendPaymentLinkEmailMutation,
  useStartConnectOnboardingMutation,
  useUpdateRentDetailsMutation,
} = paymentsApi;
