import base, { workflowRules } from '@pm/config/eslint';

export default [...base, workflowRules];
