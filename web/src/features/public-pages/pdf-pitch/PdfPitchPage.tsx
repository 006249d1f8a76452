import { Button, Flex, Typography } from 'antd';
import { LinkButton } from '../../../app/LinkButton.js';

const steps = [
  {
    title: 'Upload a PDF',
    text: 'Bylaws, meeting minutes, budgets, insurance policies or a lease: drop the file in.',
  },
  {
    title: 'Get an instant summary',
    text: 'Read what the document says in a few lines: the key dates, amounts and obligations.',
  },
  {
    title: 'Ask questions',
    text: 'Ask in plain words — “Can I rent my unit out short-term?” — and get an answer from the document itself.',
  },
];

/**
 * Spec 2.3 screen 2, the PDF pitch page for associations: heading, three-step how-it-works, Get Started to login.
 * It doubles as the printed handout: the print stylesheet (public-pages.css) drops the site chrome and buttons and
 * writes out where to start, so "Print or save as PDF" gives a one-page PDF with nothing shipped as a file.
 */
export function PdfPitchPage() {
  const loginUrl = `${window.location.origin}/login`;
  return (
    <article className="pm-printable" style={{ padding: '32px 0' }}>
      <Flex vertical gap={40}>
        <Flex vertical gap="middle" style={{ maxWidth: 760 }}>
          <Typography.Title level={1} style={{ margin: 0 }}>
            Understand your association&apos;s documents in minutes
          </Typography.Title>
          <p className="pm-lead">
            Upload a PDF, get an instant summary and ask it questions. Built for boards, associations and the residents they serve.
          </p>
          <Flex gap="small" wrap className="pm-no-print">
            <LinkButton to="/login" type="primary" size="large">
              Get Started
            </LinkButton>
            <Button size="large" onClick={() => window.print()}>
              Print or save as PDF
            </Button>
          </Flex>
        </Flex>

        <section aria-labelledby="pdf-how">
          <Typography.Title level={2} id="pdf-how">
            How it works
          </Typography.Title>
          <ol className="pm-steps">
            {steps.map(({ title, text }) => (
              <li key={title}>
                <Typography.Title level={3} style={{ marginTop: 0, fontSize: 18 }}>
                  {title}
                </Typography.Title>
                <Typography.Paragraph style={{ margin: 0 }}>{text}</Typography.Paragraph>
              </li>
            ))}
          </ol>
        </section>

        <p className="pm-print-only">Get started at {loginUrl}</p>
      </Flex>
    </article>
  );
}
