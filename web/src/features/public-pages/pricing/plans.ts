/** Spec section 9, pricing plans. */
export interface Plan {
  name: string;
  monthly: string;
  perUnit: string;
  units: string;
  users: string;
  storage: string;
  notes?: string;
}

export const plans: readonly Plan[] = [
  { name: 'Free', monthly: '$0', perUnit: 'limited use', units: 'n/a', users: '1', storage: '2 GB', notes: 'inbound e-mail and document vault only' },
  { name: 'Starter', monthly: '$15.99', perUnit: '$3.20', units: '1-5', users: '2', storage: '5 GB' },
  { name: 'Basic', monthly: '$25.99', perUnit: '$1.30', units: '6-20', users: '3', storage: '20 GB' },
  { name: 'Growth', monthly: '$35.99', perUnit: '$0.72', units: '21-50', users: '5', storage: '50 GB', notes: 'API access, workflows' },
  { name: 'Professional', monthly: '$50.99', perUnit: '$0.51', units: '51-100', users: '20', storage: '100 GB' },
];

export const enterprise: Plan = { name: 'Enterprise', monthly: 'custom', perUnit: 'custom', units: '100+', users: 'unlimited', storage: 'unlimited', notes: 'premium analytics' };
