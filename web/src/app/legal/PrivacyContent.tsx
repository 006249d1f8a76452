import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { product } from '../product.js';
import { legalFacts } from './legal-facts.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={3}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/**
 * The Privacy Policy, shown on /privacy-policy and in the sign-up and account dialogs. It describes what this product
 * actually processes: the account, the portfolio and the tenants' contact data and messages a manager keeps in it (for
 * which we act as the manager's processor), the providers that deliver messages, payments, leases and maps, and the AI,
 * which runs on our own servers unless an installation configures an external model provider.
 */
export function PrivacyContent() {
  const name = product.name;
  const privacyEmail = <Typography.Link href={`mailto:${product.privacyEmail}`} underline>{product.privacyEmail}</Typography.Link>;
  return (
    <Typography>
      <Typography.Title level={2}>{legalFacts.privacyHero}</Typography.Title>
      <Typography.Paragraph>Last updated {legalFacts.privacyLastUpdated}.</Typography.Paragraph>
      <Typography.Paragraph>
        {name} is a property management platform for landlords, property managers, home owners and residents. This policy
        explains what personal information we process when you use {name}, why, who helps us process it, how long we keep
        it and the choices and rights you have.
      </Typography.Paragraph>

      <Section title="Who is responsible for your information">
        <Typography.Paragraph>
          For your own account — as a manager, owner or resident — we decide how your information is used and are
          responsible for it (the controller).
        </Typography.Paragraph>
        <Typography.Paragraph>
          Information a manager or owner keeps in {name} about other people — tenants, their contacts, vendors and
          partners, and the messages exchanged with them — is processed on that manager’s behalf and on their instructions
          (we are their processor). The manager decides what is kept and for how long. If you are a tenant, please contact
          your property manager about your information first; if you write to us, we pass your request on to them.
        </Typography.Paragraph>
      </Section>

      <Section title="What we process">
        <ul>
          <li>
            <strong>Account data:</strong> your name, e-mail address, phone number, account type, the campaign or referral
            you came from, and your password, which we store only as a salted hash. If you sign in with Google we receive
            your name and e-mail address from Google, never your Google password.
          </li>
          <li>
            <strong>Property data:</strong> the addresses, buildings and units you add, their rules and questions and
            answers, and the partners you invite (name, e-mail address, phone number and role).
          </li>
          <li>
            <strong>Tenants’ data, on the manager’s behalf:</strong> tenants’ names, phone numbers and e-mail addresses,
            units, lease dates and rent amounts, and the text messages, e-mails and call records exchanged through the
            property’s own phone number and e-mail address.
          </li>
          <li>
            <strong>Documents</strong> you upload or forward by e-mail, such as leases and invoices, and what is extracted
            from them (dates, amounts, summaries).
          </li>
          <li>
            <strong>Payment records:</strong> amounts, dates and status of rent payments and subscriptions. Card and bank
            details are entered with our payment provider and never reach our servers.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser and the requests you make, kept in security logs and
            used to limit repeated sign-in attempts.
          </li>
        </ul>
      </Section>

      <Section title="Why we process it">
        <ul>
          <li>To provide the service you signed up for: your account, your properties, messages to and from tenants, rent collection, leases and documents (performance of our contract with you).</li>
          <li>To send the e-mails the service needs: verifying your address, resetting your password, invitations you ask us to send, and notices about your account.</li>
          <li>To keep {name} secure and available: preventing abuse, investigating incidents and limiting repeated sign-in attempts (our legitimate interest in a safe service).</li>
          <li>To meet legal obligations, such as keeping payment and invoice records as tax law requires.</li>
        </ul>
        <Typography.Paragraph>We do not sell personal information, and we do not use it for advertising.</Typography.Paragraph>
      </Section>

      <Section title="Artificial intelligence">
        <Typography.Paragraph>
          {name} uses AI to draft replies to tenants, summarise and file documents and answer questions. By default these
          models run on our own servers, so the text they read does not leave our infrastructure. Where an installation is
          configured to use an external AI provider, only the text needed for the task is sent to it, under a contract that
          forbids the provider to use it for training its models.
        </Typography.Paragraph>
        <Typography.Paragraph>
          Every reply the AI drafts to a tenant is sent only after the manager or owner approves it. We do not use your or
          your tenants’ messages and documents to train AI models.
        </Typography.Paragraph>
      </Section>

      <Section title="Who helps us">
        <Typography.Paragraph>
          We share information only with providers that deliver a function of the service, each bound by a contract to use
          it for that function alone:
        </Typography.Paragraph>
        <ul>
          <li>text messages and calls (our telephony provider), for the property’s own phone number;</li>
          <li>e-mail delivery, for the property’s e-mail address and the service’s own e-mails;</li>
          <li>payments and payouts (our card and bank payment provider) and subscription billing;</li>
          <li>lease generation and e-signature (a third-party legal service), when you create a lease;</li>
          <li>address search and maps, which receive the address text you type;</li>
          <li>bot protection on sign-up and sign-in, and Google, if you choose to sign in with Google;</li>
          <li>hosting and storage of the service and its backups.</li>
        </ul>
        <Typography.Paragraph>
          We disclose information to authorities only where the law requires it. Some providers are located in the United
          States; where information leaves your country, we rely on the safeguards the law provides, such as standard
          contractual clauses.
        </Typography.Paragraph>
      </Section>

      <Section title="Cookies and local storage">
        <Typography.Paragraph>
          We set one cookie, which keeps you signed in (an httpOnly session cookie that scripts cannot read). Your browser’s
          local storage remembers preferences such as the property you selected, a pending referral or campaign, and whether
          you have seen the guided tour. We use no advertising or cross-site tracking cookies.
        </Typography.Paragraph>
      </Section>

      <Section title="How long we keep it">
        <ul>
          <li>Account and property data: for as long as your account exists. When you close your account we delete it within 30 days, and from backups within a further 30 days.</li>
          <li>Tenants’ data and messages: for as long as the manager keeps them, and no longer than the manager’s account.</li>
          <li>Payment and invoice records: for as long as tax and accounting law requires.</li>
          <li>Security logs: 30 days.</li>
        </ul>
      </Section>

      <Section title="How we protect it">
        <Typography.Paragraph>
          Information travels encrypted between your browser and our servers. Passwords are stored only as salted hashes.
          Access within an account follows the roles you give (manager, admin, vendor, member, viewer), and signing out or
          changing your password ends your sessions at once.
        </Typography.Paragraph>
      </Section>

      <Section title="Your rights">
        <Typography.Paragraph>
          You may ask to see the personal information we hold about you, to correct it, to delete it, to receive a copy in a
          portable format, and to object to or restrict its processing. You can change your name, phone number and password
          yourself in your account settings; for anything else, write to {privacyEmail}. We answer within 30 days and may ask
          you to confirm your identity first.
        </Typography.Paragraph>
        <Typography.Paragraph>
          California residents have the right to know, delete and correct their personal information and not to be treated
          differently for exercising these rights; we do not sell or share personal information as California law defines
          it. If you are in the European Economic Area or the United Kingdom, you may also complain to your data protection
          authority.
        </Typography.Paragraph>
      </Section>

      <Section title="Children">
        <Typography.Paragraph>
          {name} is not meant for children under 16, and we do not knowingly collect their personal information.
        </Typography.Paragraph>
      </Section>

      <Section title="Changes to this policy">
        <Typography.Paragraph>
          When we change this policy we update the date above. If a change matters for how we use your information, we tell
          you by e-mail before it takes effect.
        </Typography.Paragraph>
      </Section>

      <Section title="Contact">
        <Typography.Paragraph>Questions about this policy or your information: {privacyEmail}.</Typography.Paragraph>
      </Section>
    </Typography>
  );
}
