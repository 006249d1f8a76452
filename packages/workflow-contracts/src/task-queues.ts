/** The task queue of the platform's worker (workflows/). Public API: workers and starters must agree on it. */
export const PM_WORKFLOWS_TASK_QUEUE = 'pm-workflows';
