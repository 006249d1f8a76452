import { detectUrgency } from '@pm/tenant-triage';
import { expandQuery } from './query-expansion.js';

const expand = (text: string) => expandQuery(text, detectUrgency(text).matches);

describe('expandQuery', () => {
  it.each([
    ['dishwaser is broken, how do i get it fixed', 'repair maintenance request'],
    ["the garbage disposal is jammed and won't turn on", 'repair maintenance request'],
    ['the toilet is clogged and wont flush', 'repair maintenance request'],
    ['the dryer stopped working', 'repair maintenance request'],
    ["Our dishwasher stopped draining. Can someone come today?", 'repair maintenance request'],
    ['my bathroom faucet is dripping', 'repair maintenance request'],
    ['My husband fell in the bathroom and his head is bleeding', 'injury medical emergency'],
    ['i smell gas in the kitchen', 'gas smell'],
    ['someone broke in last night', 'break-in intruder'],
    ['我丈夫在浴室摔倒了,头在流血', 'injury medical emergency'],
  ])('%s → + %s', (text, terms) => {
    expect(expand(text)).toBe(`${text}\n${terms}`);
  });

  it.each([
    ['u guys fix the sink yet?? its been 4 days'],
    ['when is trash pickup?'],
    ['can I have a cat?'],
    ["I'm broke this month, can I pay rent on the 10th?"],
    ['URGENT: when is the rent due?'],
  ])('leaves a message about no broken thing and no emergency as it is: %s', (text) => {
    expect(expand(text)).toBe(text);
  });
});
