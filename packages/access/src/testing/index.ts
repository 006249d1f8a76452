export { locationScopedRequests, locationScopedRequestsOf, namesNoResource, notLocationScoped, permissionFor } from './location-scoped-requests.js';
export { describeAccessMatrix, type MatrixEndpoint, type MatrixWorld } from './access-matrix.js';
