/** Every browser call goes under this path; the spec's call tables are relative to it. */
export const API_BASE_PATH = 'api';
