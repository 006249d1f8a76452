export { locationScopedRequests, locationScopedRequestsOf, notLocationScoped, permissionFor } from './location-scoped-requests.js';
