import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, on } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { localKeys } from '../storage/local-keys.js';
import { aLocation } from '../test-fixtures.js';
import { guidedTourSteps, guidedTourTexts } from './GuidedTour.js';

const oak = aLocation({ name: 'Oak House', address_text: '12 Oak Street, Springfield, IL 62701' });

let bff: ReturnType<typeof renderManagerArea>['bff'] | undefined;
beforeEach(() => window.localStorage.removeItem(localKeys.guidedTourViewed));
afterEach(() => {
  bff?.restore();
  bff = undefined;
  window.localStorage.clear();
});

const title = (key: string) => guidedTourSteps.find((step) => step.key === key)!.title;
const tourPanel = () => document.querySelector('.ant-tour');

async function openDashboard() {
  ({ bff } = renderManagerArea('/property-manager/dashboard', { locations: [oak] }));
  await screen.findByText(guidedTourSteps[0]!.description);
}

describe('the guided tour of the manager shell (spec 000 §4.9)', () => {
  it("walks the shell's parts on a first visit and is marked viewed when finished", async () => {
    await openDashboard();
    const seen = [title('navigation')];
    // Menu, property, inbox, account, chat: each step is the next part of the shell.
    for (let step = 1; step < guidedTourSteps.length; step += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      seen.push((await screen.findByText(guidedTourSteps[step]!.description)) && guidedTourSteps[step]!.title);
    }
    expect(seen).toEqual(guidedTourSteps.map((step) => step.title));
    expect(screen.queryByRole('button', { name: guidedTourTexts.skip })).toBeNull();
    expect(window.localStorage.getItem(localKeys.guidedTourViewed)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(window.localStorage.getItem(localKeys.guidedTourViewed)).not.toBeNull());
    await waitFor(() => expect(screen.queryByText(guidedTourSteps[0]!.description)).toBeNull());
  });

  it('is marked viewed when skipped', async () => {
    await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: guidedTourTexts.skip }));
    await waitFor(() => expect(window.localStorage.getItem(localKeys.guidedTourViewed)).not.toBeNull());
    await waitFor(() => expect(screen.queryByText(guidedTourSteps[0]!.description)).toBeNull());
  });

  it('is marked viewed when closed', async () => {
    await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(guidedTourSteps[1]!.description);
    fireEvent.click(tourPanel()!.querySelector('button.ant-tour-close')!);
    await waitFor(() => expect(window.localStorage.getItem(localKeys.guidedTourViewed)).not.toBeNull());
  });

  it('does not open once viewed', async () => {
    window.localStorage.setItem(localKeys.guidedTourViewed, new Date().toISOString());
    ({ bff } = renderManagerArea('/property-manager/dashboard', { locations: [oak] }));
    expect(await screen.findByRole('navigation', { name: 'Property manager' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(guidedTourSteps[0]!.description)).toBeNull();
  });

  it('waits for a first property: a newcomer setting one up is not interrupted', async () => {
    ({ bff } = renderManagerArea('/property-manager/dashboard', { locations: [] }));
    await screen.findByRole('navigation', { name: 'Property manager' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(guidedTourSteps[0]!.description)).toBeNull();
  });
});

describe('the shell without its navbar flags (spec 000 §8)', () => {
  it('says "Failed to fetch navbar flags."', async () => {
    window.localStorage.setItem(localKeys.guidedTourViewed, new Date().toISOString());
    ({ bff } = renderManagerArea('/property-manager/dashboard', {
      locations: [oak],
      routes: [on('GET', 'property-manager/navbar-flags/:id', () => json({ statusCode: 500, message: 'boom' }, 500))],
    }));
    expect(await screen.findByText('Failed to fetch navbar flags.')).toBeTruthy();
  });
});
