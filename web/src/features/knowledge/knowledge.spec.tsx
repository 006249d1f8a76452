import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, managerUser, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { propertyManagerRoute } from '../../app/pm-shell/routes.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { aLocation, progressWith } from '../../app/test-fixtures.js';
import type { Question, Rule } from './knowledge.js';
import { KnowledgePage, LocationRulesPage, QuestionAnswersPage } from './pages.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const locationId = crypto.randomUUID();
const aQuestion = (overrides: Partial<Question> = {}): Question => ({ id: crypto.randomUUID(), question: 'Where is the trash room?', answer: 'Basement, door B', location_id: locationId, ...overrides });
const aRule = (overrides: Partial<Rule> = {}): Rule => ({ id: crypto.randomUUID(), description: 'Noise complaints after 10pm', expected_output: 'Escalate to the manager', location_id: locationId, ...overrides });

function renderSection(Page: () => React.JSX.Element, section: string) {
  return renderRoutes([{ path: `/property-manager/property-locations/:id/${section}`, element: <Page /> }], {
    path: `/property-manager/property-locations/${locationId}/${section}`,
  });
}

const dialog = () => screen.getByRole('dialog');
const type = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const writes = () => bff.requests.filter((request) => request.method !== 'GET');

describe('Q&A items', () => {
  it('lists the location Q&A items', async () => {
    bff = stubBffRoutes(on('GET', 'question/all', () => json([aQuestion()])));
    renderSection(QuestionAnswersPage, 'question-answers');
    expect(await screen.findByText('Where is the trash room?')).toBeTruthy();
    expect(screen.getByText('Basement, door B')).toBeTruthy();
    expect(bff.requests[0]!.query.get('location_id')).toBe(locationId);
  });

  it('says "Failed to fetch questions & answers" when the list fails', async () => {
    bff = stubBffRoutes(on('GET', 'question/all', () => json({ statusCode: 500, message: 'boom' }, 500)));
    renderSection(QuestionAnswersPage, 'question-answers');
    expect(await screen.findByText('Failed to fetch questions & answers')).toBeTruthy();
  });

  it('requires the question and the answer, then creates the item', async () => {
    bff = stubBffRoutes(
      on('GET', 'question/all', () => json([])),
      on('POST', 'question', async (request) => json({ id: crypto.randomUUID(), ...((await request.json()) as object) }, 201)),
    );
    renderSection(QuestionAnswersPage, 'question-answers');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Q&A Item' }));
    type('Question', '   ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    expect(await within(dialog()).findByText('Question is required')).toBeTruthy();
    expect(await within(dialog()).findByText('Answer is required')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('Question', ' Is parking included? ');
    type('Answer', 'One space per unit');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({ location_id: locationId, question: 'Is parking included?', answer: 'One space per unit' });
    await waitFor(() => expect(bff.requests.filter((request) => request.path === '/api/question/all')).toHaveLength(2));
  });

  it('shows "Failed to create question & answer" and the server message when the BFF refuses', async () => {
    bff = stubBffRoutes(on('GET', 'question/all', () => json([])), on('POST', 'question', () => json({ statusCode: 400, message: 'Answer is required' }, 400)));
    renderSection(QuestionAnswersPage, 'question-answers');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Q&A Item' }));
    type('Question', 'Q');
    type('Answer', 'A');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to create question & answer')).toBeTruthy();
    expect(await within(dialog()).findByText('Answer is required')).toBeTruthy();
  });

  it('edits and deletes an item', async () => {
    const item = aQuestion();
    bff = stubBffRoutes(
      on('GET', 'question/all', () => json([item])),
      on('PUT', 'question/:id', async (request) => json({ ...item, ...((await request.json()) as object) })),
      on('DELETE', 'question/:id', () => json({ deleted: true })),
    );
    renderSection(QuestionAnswersPage, 'question-answers');
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${item.question}` }));
    expect(within(dialog()).getByText('Edit Q&A Item')).toBeTruthy();
    expect((within(dialog()).getByLabelText('Question') as HTMLTextAreaElement).value).toBe(item.question);
    type('Answer', 'Basement, door C');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: `/api/question/${item.id}`, body: { question: item.question, answer: 'Basement, door C' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: `Delete ${item.question}` }));
    expect(within(dialog()).getByText('Delete Q&A Item')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ method: 'DELETE', path: `/api/question/${item.id}` });
  });

  it('shows "Failed to delete question & answer" when the delete fails', async () => {
    const item = aQuestion();
    bff = stubBffRoutes(on('GET', 'question/all', () => json([item])), on('DELETE', 'question/:id', () => json({ statusCode: 404, message: 'Question not found' }, 404)));
    renderSection(QuestionAnswersPage, 'question-answers');
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${item.question}` }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete question & answer')).toBeTruthy();
    expect(within(dialog()).getByText('Question not found')).toBeTruthy();
  });
});

describe('rules', () => {
  it('requires the description and the expected output, then creates the rule', async () => {
    bff = stubBffRoutes(
      on('GET', 'rule/all', () => json([])),
      on('POST', 'rule', async (request) => json({ id: crypto.randomUUID(), ...((await request.json()) as object) }, 201)),
    );
    renderSection(LocationRulesPage, 'rules');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Rule' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    expect(await within(dialog()).findByText('Description is required')).toBeTruthy();
    expect(await within(dialog()).findByText('Expected output is required')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('Description', 'Rent questions');
    type('Expected output', 'Point to the payment link');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({ location_id: locationId, description: 'Rent questions', expected_output: 'Point to the payment link' });
  });

  it('shows "Failed to update rule" when the edit fails, and "Failed to fetch rules" when the list fails', async () => {
    const rule = aRule();
    bff = stubBffRoutes(on('GET', 'rule/all', () => json([rule])), on('PUT', 'rule/:id', () => json({ statusCode: 500, message: 'boom' }, 500)));
    const view = renderSection(LocationRulesPage, 'rules');
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${rule.description}` }));
    expect(within(dialog()).getByText('Edit Rule')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update rule')).toBeTruthy();
    view.unmount();
    bff.restore();

    bff = stubBffRoutes(on('GET', 'rule/all', () => json({ statusCode: 500, message: 'boom' }, 500)));
    renderSection(LocationRulesPage, 'rules');
    expect(await screen.findByText('Failed to fetch rules')).toBeTruthy();
  });

  it('deletes a rule after the Delete Rule confirmation', async () => {
    const rule = aRule();
    bff = stubBffRoutes(on('GET', 'rule/all', () => json([rule])), on('DELETE', 'rule/:id', () => json({ deleted: true })));
    renderSection(LocationRulesPage, 'rules');
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${rule.description}` }));
    expect(within(dialog()).getByText('Delete Rule')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Rule deleted successfully')).toBeTruthy();
    expect(writes()[0]).toMatchObject({ method: 'DELETE', path: `/api/rule/${rule.id}` });
  });
});

describe('knowledge and the top-level rules route', () => {
  it('shows the Q&A items and the rules together on the knowledge section', async () => {
    bff = stubBffRoutes(on('GET', 'question/all', () => json([aQuestion()])), on('GET', 'rule/all', () => json([aRule()])));
    renderSection(KnowledgePage, 'knowledge');
    expect(await screen.findByText('Where is the trash room?')).toBeTruthy();
    expect(await screen.findByText('Noise complaints after 10pm')).toBeTruthy();
  });

  it('shows the rules of the selected location at /property-manager/rules', async () => {
    const location = aLocation();
    bff = stubBffRoutes(
      on('GET', 'property-location/all', () => json([location])),
      on('GET', 'property-manager/onboarding/:id/progress', () => json(progressWith())),
      on('GET', 'rule/all', () => json([aRule()])),
    );
    const store = createAppStore();
    store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
    renderRoutes([{ path: '/', children: [propertyManagerRoute] }], { path: '/property-manager/rules', store });

    expect(await screen.findByText('Noise complaints after 10pm')).toBeTruthy();
    expect(bff.requests.find((request) => request.path === '/api/rule/all')!.query.get('location_id')).toBe(location.id);
  });
});
