export { locationScopedRequests, locationScopedRequestsOf, namesNoResource, notLocationScoped, permissionFor } from './location-scoped-requests.js';
