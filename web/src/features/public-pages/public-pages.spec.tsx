import { jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { localKeys, readLocal } from '../../app/storage/local-keys.js';

afterEach(() => window.localStorage.clear());

/** The comparison table's cells of one feature row, plan by plan (Free … Enterprise). */
function featureRow(label: string): string[] {
  const cell = screen.getByRole('cell', { name: label });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${label}`);
  return within(row).getAllByRole('cell').slice(1).map((td) => td.textContent ?? '');
}

describe('the pricing page', () => {
  it('compares the plans on every feature row the spec gives', async () => {
    renderRoutes(appRoutes, { path: '/pricing' });
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Feature', 'Free', 'Starter', 'Basic', 'Growth', 'Professional', 'Enterprise']);
    const yes = '✓ Included';
    const no = '— Not included';
    expect(featureRow('Monthly price')).toEqual(['$0', '$15.99', '$25.99', '$35.99', '$50.99', 'Custom']);
    expect(featureRow('Price per unit')).toEqual(['Limited use', '$3.20', '$1.30', '$0.72', '$0.51', 'Custom']);
    expect(featureRow('Units')).toEqual(['Not applicable', '1–5', '6–20', '21–50', '51–100', '100+']);
    expect(featureRow('Users')).toEqual(['1', '2', '3', '5', '20', 'Unlimited']);
    expect(featureRow('Storage')).toEqual(['2 GB', '5 GB', '20 GB', '50 GB', '100 GB', 'Unlimited']);
    expect(featureRow('Analytics')).toEqual(['Basic', 'Basic', 'Standard', 'Advanced', 'Advanced', 'Premium']);
    expect(featureRow('Inbound e-mail')).toEqual([yes, yes, yes, yes, yes, yes]);
    expect(featureRow('Document vault')).toEqual([yes, yes, yes, yes, yes, yes]);
    for (const fromStarter of ['Inbound SMS', 'Inbound calls', 'Property invoices', 'Property calendar', 'Maintenance requests']) {
      expect({ row: fromStarter, cells: featureRow(fromStarter) }).toEqual({ row: fromStarter, cells: [no, yes, yes, yes, yes, yes] });
    }
    expect(featureRow('Integrations')).toEqual([no, no, yes, yes, yes, yes]);
    for (const fromGrowth of ['Workflows', 'API access', 'Export reports']) {
      expect({ row: fromGrowth, cells: featureRow(fromGrowth) }).toEqual({ row: fromGrowth, cells: [no, no, no, yes, yes, yes] });
    }
  });

  it('words counts as people do: "1 user", never "1 users"', async () => {
    renderRoutes(appRoutes, { path: '/pricing' });
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    expect(screen.getByText(/^1 user · 2 GB storage$/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b1 users\b/);
    expect(screen.getByText(/30 days — no card needed/)).toBeTruthy();
  });

  it('lets Enterprise buyers write to a sales address, shown beside the button', async () => {
    renderRoutes(appRoutes, { path: '/pricing' });
    const contact = await screen.findByRole('link', { name: 'Contact sales' });
    const href = contact.getAttribute('href') ?? '';
    expect(href).toMatch(/^mailto:[^@?\s]+@[^@?\s]+\.[a-z]+\?subject=Enterprise%20plan%20enquiry$/);
    const address = href.slice('mailto:'.length, href.indexOf('?'));
    expect(screen.getByText(address)).toBeTruthy();
  });

  it('sends every plan’s "Get started" to sign-up', async () => {
    renderRoutes(appRoutes, { path: '/pricing?campaign=share_link' });
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    const links = screen.getAllByRole('link', { name: /^Get started with / });
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['Free', 'Starter', 'Basic', 'Growth', 'Professional'].map((plan) => `Get started with ${plan}`));
    for (const link of links) expect(link.getAttribute('href')).toBe('/signup?campaign=share_link');
  });
});

describe('the FAQ', () => {
  it('answers the trial question as product copy, one answer open at a time, the first open initially', async () => {
    renderRoutes(appRoutes, { path: '/' });
    const who = await screen.findByRole('button', { name: 'Who is it for?' });
    const trial = screen.getByRole('button', { name: 'Is there a free trial?' });
    expect(who.getAttribute('aria-expanded')).toBe('true');
    expect(trial.getAttribute('aria-expanded')).toBe('false');
    const trialAnswer = document.getElementById(trial.getAttribute('aria-controls') ?? '')!;
    expect(trialAnswer.hidden).toBe(true);

    fireEvent.click(trial);
    expect(trial.getAttribute('aria-expanded')).toBe('true');
    expect(who.getAttribute('aria-expanded')).toBe('false');
    expect(trialAnswer.hidden).toBe(false);
    expect(trialAnswer.getAttribute('role')).toBe('region');
    expect(trialAnswer.textContent).toBe(
      'Yes. Every new account starts with a free 31-day trial of the full product. The trial ends at midnight Eastern Time on its last day; cancel before then and you pay nothing.',
    );
    expect(trialAnswer.textContent).not.toMatch(/our FAQ|pricing page|either way/i);
  });
});

describe('the landing and campaign pages', () => {
  it('/pm: the property-management landing with its three tabs, features and FAQ', async () => {
    renderRoutes(appRoutes, { path: '/pm' });
    await screen.findByRole('heading', { level: 1, name: 'Property management that answers your tenants around the clock' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['24/7 Communication', 'Streamlined Workflows', 'Enhanced Efficiency']);
    expect(screen.getByRole('img', { name: /drafted reply, waiting for the manager's approval/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '24/7 Communication' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Streamlined Workflows' }));
    expect(await screen.findByRole('heading', { name: 'Routine work runs on its own' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Streamlined Workflows' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Enhanced Efficiency' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Enhanced Efficiency' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Enhanced Efficiency' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Everything in one place' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Is there a free trial?' })).toBeTruthy();
  });

  it('/property-owners: stores the property_owner campaign and sends sign-up and sign-in with it', async () => {
    renderRoutes(appRoutes, { path: '/property-owners' });
    await screen.findByRole('heading', { level: 1, name: 'Save Money Together, Build Stronger Communities' });
    expect(readLocal(localKeys.campaign)).toBe('property_owner');
    expect(screen.getByRole('link', { name: "Start Saving Today - It's Free" }).getAttribute('href')).toBe('/signup?campaign=property_owner');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?campaign=property_owner');
    expect(screen.getByRole('button', { name: 'See How It Works' })).toBeTruthy();
    const features = screen.getByRole('region', { name: 'How it works' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Role-based access' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Multi-factor authentication' })).toBeTruthy();
  });

  it('/pdf: the pitch page for associations: three steps, Get Started to login, and a printable handout', async () => {
    renderRoutes(appRoutes, { path: '/pdf' });
    await screen.findByRole('heading', { level: 1, name: "Understand your association's documents in minutes" });
    const steps = within(screen.getByRole('list')).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual(['Upload a PDF', 'Get an instant summary', 'Ask questions']);
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/login');
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
    expect(screen.getByText(`Get started at ${window.location.origin}/login`)).toBeTruthy();
  });
});

describe('the privacy policy', () => {
  it('covers what the product processes, the processor role, providers, AI, retention, rights and a contact', async () => {
    renderRoutes(appRoutes, { path: '/privacy-policy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByRole('heading', { level: 2, name: 'We care about your privacy' })).toBeTruthy();
    expect(screen.getByText('Last updated Aug 17 2024.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Who is responsible for your information',
      'What we process',
      'Why we process it',
      'Artificial intelligence',
      'Who helps us',
      'Cookies and local storage',
      'How long we keep it',
      'How we protect it',
      'Your rights',
      'Children',
      'Changes to this policy',
      'Contact',
    ]);
    const text = document.body.textContent ?? '';
    expect(text).toContain('(we are their processor)');
    expect(text).toContain('By default these models run on our own servers');
    const contact = within(screen.getByRole('heading', { name: 'Contact' }).closest('section')!).getByRole('link');
    expect(contact.getAttribute('href')).toMatch(/^mailto:privacy@/);
  });
});

describe('old links', () => {
  it('sends /sign-up to /signup with its parameters, the invited e-mail filled in', async () => {
    const { router } = renderRoutes(appRoutes, { path: '/sign-up?email=casey.morgan%40example.com&account_type=resident' });
    await screen.findByRole('heading', { level: 1, name: 'Create a resident account' });
    expect(router.state.location.pathname).toBe('/signup');
    expect(new URLSearchParams(router.state.location.search).get('account_type')).toBe('resident');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('casey.morgan@example.com');
  });
});
