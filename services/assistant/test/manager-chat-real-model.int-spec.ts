import { jest } from '@jest/globals';
import { AiRuntime, readAiConfig } from '@pm/ai';
import { CommunicateWithAssistant, CreateBuilding, CreatePropertyLocation, CreateTenant, CreateUnit, GetChatSession } from '@pm/contracts';
import { startManagerChatStack, type ManagerChatStack, type TestManager } from './support/manager-chat-stack.js';

jest.setTimeout(300_000);

/*
 * The manager's AI chat with the real local model and embeddings (the AI path): one question about the manager's
 * portfolio, answered through portfolio's calls. Asserted on structure and sources, not on the model's wording.
 */

const runtime = new AiRuntime(readAiConfig());
let stack: ManagerChatStack;
let dana: TestManager;
let locationId: string;

beforeAll(async () => {
  stack = await startManagerChatStack({ aiRuntime: () => runtime });
  dana = await stack.manager();
  const location = await stack.call(CreatePropertyLocation, { name: 'Willow Flats', address_text: '40 Pine Rd, Austin, TX 78701', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true }, dana);
  locationId = location.id;
  const building = await stack.call(CreateBuilding, { name: 'Main', property_location_id: locationId, address_text: '40 Pine Rd, Austin, TX 78701' }, dana);
  const units = [];
  for (const name of ['101', '102', '201', '202']) units.push(await stack.call(CreateUnit, { name, building_id: building.id }, dana));
  for (const [i, full_name] of ['Priya Shah', 'Marco Ruiz', 'Lena Park'].entries()) await stack.call(CreateTenant, { full_name, contacts: [], unit_id: units[i]!.id }, dana);
});

afterAll(async () => {
  await stack?.close();
});

it('answers a question about the portfolio with the local model, citing the fact computed from portfolio\'s units', async () => {
  expect(runtime.status().chat.available).toBe(true);
  const answer = await stack.call(CommunicateWithAssistant, { message: 'How many units are vacant at Willow Flats?', chat_type: 'general' }, dana);
  expect(['answered', 'cited-facts']).toContain(answer.outcome);
  expect(answer.sources.map((source) => source.id)).toContain(`units:${locationId}`);
  expect(answer.sources.find((source) => source.id === `units:${locationId}`)).toEqual({ id: `units:${locationId}`, kind: 'units', title: 'Willow Flats units', link: `/property-manager/property-locations/${locationId}/buildings` });
  // Whatever the wording, every number it states is one the facts it rests on state: the units (counted by code) or
  // the location's address.
  const fact = 'Willow Flats has 4 units, 3 of them let (with an active tenant) and 1 vacant. The vacant unit is 202 in Main. 40 Pine Rd, Austin, TX 78701';
  const numbers = answer.message.match(/\d+/g) ?? [];
  expect(numbers.filter((number) => !fact.match(new RegExp(`\\b${number}\\b`)))).toEqual([]);
  const { messages } = await stack.call(GetChatSession, { id: answer.session_id }, dana);
  expect(messages.map((message) => [message.sender, message.outcome])).toEqual([['user', null], ['system', answer.outcome]]);
});
